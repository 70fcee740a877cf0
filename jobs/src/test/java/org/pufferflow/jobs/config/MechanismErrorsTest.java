package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pufferflow.common.InvalidParameterException;

/** A mechanism's refusal goes to the YAML path of its parameter field, whatever its message says. */
class MechanismErrorsTest {

  private static final Map<String, String> PATHS = Map.of("epsilon", "mqm.epsilon", "window", "mqm.window");

  @Test
  void thePathComesFromTheParameterFieldNotTheMessage() {
    // the message starts like another parameter's: only the field counts
    assertThatThrownBy(() -> MechanismErrors.build("mqm", PATHS, () -> {
      throw new InvalidParameterException("epsilon", "window = 3: reworded freely", "reworded freely");
    })).isInstanceOfSatisfying(ConfigException.class, e -> org.assertj.core.api.Assertions.assertThat(e.path())
        .isEqualTo("mqm.epsilon")).hasMessage("mqm.epsilon: window = 3: reworded freely");
  }

  @Test
  void anUnmappedParameterOrAnUntypedFailureIsReportedAtTheSection() {
    assertThatThrownBy(() -> MechanismErrors.build("mqm", PATHS, () -> {
      throw new InvalidParameterException("noiseScale", "noiseScale = 1e300: outside", "outside");
    })).hasMessage("mqm: noiseScale = 1e300: outside");
    assertThatThrownBy(() -> MechanismErrors.build("mqm", PATHS, () -> {
      throw new IllegalArgumentException("epsilon = 0: looks like a parameter but names none");
    })).hasMessage("mqm: epsilon = 0: looks like a parameter but names none");
  }
}
