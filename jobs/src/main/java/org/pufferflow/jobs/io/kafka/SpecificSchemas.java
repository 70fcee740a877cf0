package org.pufferflow.jobs.io.kafka;

import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;

/** The Avro schema of a generated record class. */
final class SpecificSchemas {
  private SpecificSchemas() {}

  static Schema schemaOf(Class<?> type) {
    return SpecificData.get().getSchema(type);
  }
}
