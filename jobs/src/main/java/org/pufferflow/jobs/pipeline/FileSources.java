package org.pufferflow.jobs.pipeline;

import java.util.List;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.pufferflow.avro.OptOut;
import org.pufferflow.jobs.config.DiscretizerConfig;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.operators.RawRecord;

/** File mode of a pipeline: the file source of observations, the opt-out file, the file sinks. */
final class FileSources {
  private FileSources() {}

  static DataStream<RawRecord> observations(StreamExecutionEnvironment env, InputConfig.File f,
      DiscretizerConfig discretizer, String id) {
    throw new UnsupportedOperationException("file input is not built yet");
  }

  static List<OptOut> optOuts(String path) {
    throw new UnsupportedOperationException("file input is not built yet");
  }

  static <T extends SpecificRecordBase> Sink<T> sink(OutputConfig.Directory dir, OutputKind kind, Class<T> type) {
    throw new UnsupportedOperationException("file output is not built yet");
  }
}
