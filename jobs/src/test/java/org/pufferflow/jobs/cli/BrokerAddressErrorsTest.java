package org.pufferflow.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pufferflow.jobs.cli.CliHarness.Run;

/**
 * docs/cli.md, 'Broker addresses': a malformed or unresolvable broker address, in {@code kafka.bootstrapServers} or
 * in {@code --bootstrap-servers}, is one line on stderr and exit 2 in {@code run}, {@code feed} and {@code read} —
 * not a Kafka client's stack trace.
 */
@Timeout(120)
class BrokerAddressErrorsTest {

  private static final String JOB = String.join("\n",
      "kafka: {bootstrapServers: \"BROKER\", inputTopic: in, rejectedTopic: rej}",
      "time: {tickMillis: 60000}",
      "model: {states: [a, b], transition: [[0.9, 0.1], [0.2, 0.8]]}",
      "discretizer: {type: categorical}", "");

  @TempDir static Path dir;

  /** command, address, whether given as --bootstrap-servers, the words the one line must contain. */
  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    String[][] addresses = {
        {"localhost", "\"localhost\" is not host:port"},
        {"not a broker!", "\"not a broker!\" is not host:port"},
        {"localhost:99999", "\"localhost:99999\" is not host:port"},
        {"no-such-host.invalid:9092", "no host of no-such-host.invalid:9092 resolves"}};
    for (String command : List.of("run", "feed", "read")) {
      for (String[] a : addresses) {
        cases.add(Arguments.of(command, a[0], false, a[1]));
        if (!command.equals("run")) {
          cases.add(Arguments.of(command, a[0], true, a[1]));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} (option: {2})")
  @MethodSource("cases")
  void aBadBrokerAddressIsOneLineAndExitTwo(String command, String address, boolean option, String why)
      throws Exception {
    Path job = Files.writeString(Files.createTempFile(dir, "job", ".yaml"),
        JOB.replace("BROKER", option ? "127.0.0.1:9092" : address));
    Path csv = Files.writeString(dir.resolve("in.csv"), "s1,60000,a\n");
    List<String> args = new ArrayList<>(List.of("--config", job.toString()));
    if (command.equals("feed")) {
      args.addAll(List.of("--input", csv.toString()));
    }
    if (option) {
      args.addAll(List.of("--bootstrap-servers", address));
    }
    Supplier<Object> cmd = switch (command) {
      case "run" -> RunCommand::new;
      case "feed" -> FeedCommand::new;
      default -> ReadCommand::new;
    };
    Run r = CliHarness.run(cmd.get(), args.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
    assertThat(r.err().strip())
        .startsWith("error: " + (option ? "--bootstrap-servers: " : "kafka.bootstrapServers: "))
        .contains(why);
  }
}
