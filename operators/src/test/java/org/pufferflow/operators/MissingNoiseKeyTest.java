package org.pufferflow.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.executiongraph.ArchivedExecutionGraph;
import org.apache.flink.runtime.executiongraph.ArchivedExecutionVertex;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.runtime.throwable.ThrowableClassifier;
import org.apache.flink.runtime.throwable.ThrowableType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pufferflow.avro.DphmmRelease;
import org.pufferflow.mechanism.dphmm.DphmmNoise;
import org.pufferflow.operators.NoiseKeySource;
import org.pufferflow.operators.NoiseKeyUnavailableException;

/**
 * A TaskManager without the noise key (docs/cluster.md, 'The noise key'): the key file was there when the client
 * checked it and is gone when the operators open, or the variable is unset. Each keyed function's {@code open()}
 * throws {@link NoiseKeyUnavailableException}, which Flink classifies as non-recoverable, so a job with a restart
 * strategy fails at its first start with the key line as the root cause instead of restarting into the same failure.
 */
@Timeout(120)
class MissingNoiseKeyTest {

  @RegisterExtension
  static final MiniClusterExtension FLINK = new MiniClusterExtension(
      new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  private static final String UNSET = "PUFFERFLOW_MISSING_KEY_TEST_UNSET_7F3A";
  private static final String FILE_LINE = "noise.keyFile: no such file (file name not shown)";
  private static final String ENV_LINE = "noise.keyEnv: is not set (variable name not shown)";

  @TempDir Path dir;

  /** A key file that loads now (the client's check at start) and is then deleted. */
  private NoiseKeySource deletedAfterCheck() throws Exception {
    NoiseKeySource key = MqmTestSupport.keyFile(dir, 7);
    key.load();
    Files.delete(Path.of(key.keyFile()));
    return key;
  }

  @Test
  void everyKeyedFunctionThrowsTheNonRecoverableTypeFromOpen() throws Exception {
    assertThat(System.getenv(UNSET)).isNull();
    NoiseKeySource unset = NoiseKeySource.env(UNSET);
    NoiseKeySource gone = deletedAfterCheck();
    var dphmm = DphmmOperatorFixtures.harness(new DphmmReleaseFunction(
        DphmmOperatorFixtures.smallSpec(DphmmNoise.LAPLACE, 1.0).withBudget(Budgets.total(10)), gone));
    var mqm = MqmTestSupport.harness(MqmTestSupport.stickySpec(4, 4), Budgets.total(100), unset);
    var redaction = RedactionFunctionTest.harness(
        new RedactionFunction(RedactionFunctionTest.SPEC, gone, RedactionFunctionTest.CLOCK, OptOutPreload.NONE,
            true));
    assertNonRecoverable(assertThatThrownBy(dphmm::open), FILE_LINE);
    assertNonRecoverable(assertThatThrownBy(mqm::open), ENV_LINE);
    assertNonRecoverable(assertThatThrownBy(redaction::open), FILE_LINE);
  }

  private static void assertNonRecoverable(
      org.assertj.core.api.AbstractThrowableAssert<?, ? extends Throwable> thrown, String line) {
    thrown.isInstanceOf(NoiseKeyUnavailableException.class).hasMessage(line).hasNoCause()
        .satisfies(t -> assertThat(ThrowableClassifier.getThrowableType(t))
            .isEqualTo(ThrowableType.NonRecoverableError));
  }

  @Test
  void aJobWithThreeRestartsFailsAtItsFirstStartWithTheKeyLineAsRootCause(@InjectMiniCluster MiniCluster cluster)
      throws Exception {
    NoiseKeySource key = deletedAfterCheck();
    Configuration conf = new Configuration();
    conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
    conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
    conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
    env.setParallelism(2);
    List<StateObservation> in = new ArrayList<>();
    for (int s = 0; s < 20; s++) {
      for (long t = 0; t < 5; t++) {
        in.add(new StateObservation("s" + s, t, (int) ((s + t) % 3)));
      }
    }
    env.fromData(in, TypeInformation.of(StateObservation.class))
        .keyBy(o -> o.subjectId)
        .process(new DphmmReleaseFunction(
            DphmmOperatorFixtures.smallSpec(DphmmNoise.LAPLACE, 1.0).withBudget(Budgets.total(10)), key),
            TypeInformation.of(DphmmRelease.class))
        .sinkTo(new DiscardingSink<>());
    JobClient client = env.executeAsync("missing-noise-key");
    JobID id = client.getJobID();

    Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> client.getJobExecutionResult().get());
    assertThat(failure).isInstanceOf(ExecutionException.class);

    // Flink's record of the job: with restarts, every subtask's current attempt would be number 3
    ArchivedExecutionGraph graph = cluster.getArchivedExecutionGraph(id).get();
    assertThat(graph.getState()).isEqualTo(JobStatus.FAILED);
    List<Integer> attempts = new ArrayList<>();
    for (ArchivedExecutionVertex v : graph.getAllExecutionVertices()) {
      attempts.add(v.getCurrentExecutionAttempt().getAttemptNumber());
    }
    assertThat(attempts).as("attempt number of every subtask: 0 means the job was never restarted")
        .isNotEmpty().containsOnly(0);
    assertThat(graph.getFailureInfo().getExceptionAsString()).contains(FILE_LINE);

    Throwable root = ExceptionUtils.findThrowableWithMessage(failure, FILE_LINE).orElseThrow();
    assertThat(root).isInstanceOf(NoiseKeyUnavailableException.class).hasMessage(FILE_LINE).hasNoCause();
    assertThat(root.getMessage()).doesNotContain(dir.toString());
  }
}
