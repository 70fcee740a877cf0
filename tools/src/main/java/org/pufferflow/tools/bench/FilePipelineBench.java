package org.pufferflow.tools.bench;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.pufferflow.common.PufferPreconditions;
import org.pufferflow.jobs.config.InputConfig;
import org.pufferflow.jobs.config.JobConfig;
import org.pufferflow.jobs.config.OutputConfig;
import org.pufferflow.jobs.io.file.FileInputs;
import org.pufferflow.jobs.io.file.FileOutputs;
import org.pufferflow.jobs.pipeline.Assembled;
import org.pufferflow.jobs.pipeline.IngestStreams;
import org.pufferflow.jobs.pipeline.Ingestion;
import org.pufferflow.jobs.pipeline.JobAssembly;
import org.pufferflow.jobs.pipeline.ProgressCounters;
import org.pufferflow.operators.RawRecord;
import org.pufferflow.operators.StateObservation;

/**
 * {@code pufferflow bench pipeline --file} (docs/benchmarks.md, 'Pipeline, end to end'): file mode as {@code run}
 * does it — a CSV file in, the MQM job with its fleet histogram ({@link JobAssembly}), one JSON-lines file per
 * output out, merged and sorted after the job ({@link FileOutputs#finish}) — beside a file pass-through job: the
 * same CSV through the same ingestion (validate + discretize, keyBy, tick order), each observation written as one
 * JSON line by a {@code FileSink}, buffered between checkpoints as the job's own JSON-lines sinks are. Same
 * records, parallelism, checkpoint interval and state backend; no Kafka.
 *
 * <p>The input of a run with n records is a CSV of the first n synthetic observations (record i: subject i mod M at
 * tick i div M on the snake path; {@code subject,time,state}), written before the run and not timed. The timed span
 * starts at the first record out of the file source (a probe chained to it) and ends when the output files are
 * complete: for the pipeline after {@link FileOutputs#finish}, for the pass-through when the job has finished.
 * Rounds and judgement as for every bench command ({@link Rounds}, {@link Trust}).
 */
@Internal
public final class FilePipelineBench {

  private final PipelineBench.Options options;
  private final KeyedOperatorBench.Options o;
  private int runs;

  public FilePipelineBench(PipelineBench.Options options) {
    this.options = PufferPreconditions.checkNotNull("options", options);
    this.o = options.operator();
    PufferPreconditions.checkArgument(o.mechanism() == BenchMechanism.MQM,
        "--mechanism = %s: --file measures the MQM job with its fleet histogram (mqm)", o.mechanism().cliName());
  }

  /** Runs every measurement; {@code progress} receives one line per step. */
  public PipelineBench.Result run(Consumer<String> progress) throws Exception {
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    Path work = Files.createTempDirectory("pufferflow-bench-file");
    try (BenchCluster cluster = BenchCluster.start(o.parallelism() + 1, work)) {
      BenchModels.writeBenchKey(work);
      Path csv = work.resolve("observations.csv");
      Path out = work.resolve("out");
      writeCsv(csv, 0); // the configuration checks that its input exists
      JobConfig config = PipelineConfigs.file(o.states(), work.resolve("bench.key"), csv, out, work);
      long warm = Math.max(PipelineBench.MIN_WARM_RECORDS,
          (long) (BenchModels.WINDOW + BenchModels.SLIDE) * o.subjects());
      Rounds rounds = new Rounds(o.seconds(), warm, PipelineBench.MAX_RECORDS);
      long[] outputs = new long[1];
      Rounds.Job pass = records -> {
        writeCsv(csv, records);
        return cluster.run(passThrough(cluster, config, out), "bench file pass-through", () -> null);
      };
      Rounds.Job pipe = records -> {
        writeCsv(csv, records);
        OutputConfig.Directory dir = (OutputConfig.Directory) config.output();
        Files.createDirectories(out);
        FileOutputs.clearParts(dir);
        StreamExecutionEnvironment env = environment(cluster);
        Assembled a = JobAssembly.builder(config).id("fl" + (++runs)).interceptor(new RateProbe<RawRecord>())
            .build(env);
        BenchCluster.JobRun run = cluster.run(env, "bench file pipeline", () -> FileOutputs.finish(dir, a.outputs()));
        java.util.Map<String, Long> c = ProgressCounters.of(run.accumulators(), a.id(), a.outputs());
        if (c.get(ProgressCounters.READ) != run.records() || c.get(ProgressCounters.ACCEPTED) != run.records()) {
          throw new IllegalStateException("bench pipeline --file: the job read " + c.get(ProgressCounters.READ)
              + " records, accepted " + c.get(ProgressCounters.ACCEPTED) + ", probe saw " + run.records());
        }
        outputs[0] = PipelineBench.outputCount(c);
        return run;
      };
      BenchResult r = new PipelineBench(options).measure(rounds, pass, pipe, null, progress, "file");
      return new PipelineBench.Result(r, outputs[0], load);
    } finally {
      KeyedOperatorBench.deleteRecursively(work);
    }
  }

  /** CSV file → ingestion → one JSON line per observation. */
  private StreamExecutionEnvironment passThrough(BenchCluster cluster, JobConfig config, Path out)
      throws IOException {
    Path parts = out.resolve("pass-through-" + (++runs));
    StreamExecutionEnvironment env = environment(cluster);
    String id = "pt" + runs + "/";
    DataStream<RawRecord> raw = FileInputs.observations(env, (InputConfig.File) config.input(),
        config.discretizer(), id).map(new RateProbe<RawRecord>(), TypeInformation.of(RawRecord.class))
        .name(id + "rate probe").uid(id + "probe");
    IngestStreams ingest = Ingestion.attach(config, raw, id);
    ingest.observations().map(FilePipelineBench::jsonLine, Types.STRING).name(id + "json").uid(id + "json")
        .sinkTo(FileSink.forBulkFormat(org.apache.flink.core.fs.Path.fromLocalFile(parts.toFile()), new Lines())
            .build())
        .name(id + "observations.jsonl").uid(id + "file-sink");
    ingest.rejected().sinkTo(new DiscardingSink<>()).name(id + "rejected").uid(id + "rejected");
    return env;
  }

  /** One line per string, buffered between checkpoints as the job's JSON-lines sinks buffer theirs. */
  private static final class Lines implements BulkWriter.Factory<String> {
    private static final long serialVersionUID = 1L;

    @Override
    public BulkWriter<String> create(FSDataOutputStream stream) {
      BufferedOutputStream out = new BufferedOutputStream(stream, 64 * 1024);
      return new BulkWriter<>() {
        @Override
        public void addElement(String line) throws IOException {
          out.write(line.getBytes(StandardCharsets.UTF_8));
          out.write('\n');
        }

        @Override
        public void flush() throws IOException {
          out.flush();
        }

        @Override
        public void finish() throws IOException {
          out.flush();
        }
      };
    }
  }

  private static String jsonLine(StateObservation s) {
    return "{\"subjectId\":\"" + s.subjectId + "\",\"tick\":" + s.tick + ",\"state\":" + s.state + "}";
  }

  private StreamExecutionEnvironment environment(BenchCluster cluster) {
    return PipelineBench.environment(cluster, o, options.checkpointMillis());
  }

  /** The first {@code records} synthetic observations as a CSV file ({@code subject,time,state}). */
  private void writeCsv(Path csv, long records) throws IOException {
    SyntheticPath path = new SyntheticPath(o.states());
    int m = o.subjects();
    String[] subjects = new String[m];
    for (int s = 0; s < m; s++) {
      subjects[s] = SyntheticObservations.subjectId(s);
    }
    try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
      w.write("subject,time,state\n");
      for (long i = 0; i < records; i++) {
        int s = (int) (i % m);
        long tick = i / m;
        w.write(subjects[s]);
        w.write(',');
        w.write(Long.toString(tick * PipelineConfigs.TICK_MILLIS + PipelineConfigs.TICK_MILLIS / 2));
        w.write(',');
        w.write(PipelineConfigs.label(path.state(s, tick)));
        w.write('\n');
      }
    }
  }
}
