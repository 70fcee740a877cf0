package org.pufferflow.policy;

import com.fasterxml.jackson.databind.JsonNode;
import org.pufferflow.geometry.SensitivityHull;

/** Public access to the hull assertion of {@link RunningExampleVectorsTest} for tests in other packages. */
public final class RunningExampleVectorsTestAccess {

  private RunningExampleVectorsTestAccess() {}

  public static void assertHull(String what, SensitivityHull h, JsonNode exp) {
    RunningExampleVectorsTest.assertHull(what, h, exp);
  }
}
