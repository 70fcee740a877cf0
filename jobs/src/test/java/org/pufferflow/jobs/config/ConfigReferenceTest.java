package org.pufferflow.jobs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.RepositoryPaths;

/**
 * The configuration reference (docs/configuration.md) documents exactly the keys the loader accepts: for every
 * section, the keys in the reference's table equal the keys the loader lists when it meets an unknown one.
 */
class ConfigReferenceTest {

  static final Pattern KEY_CELL = Pattern.compile("^\\| ((?:`[A-Za-z]+`(?:, )?)+) \\|");
  static final Pattern KEY = Pattern.compile("`([A-Za-z]+)`");
  static final Pattern EXPECTED = Pattern.compile("unknown key, expected one of (.*)$");

  @Test
  void everySectionsTableListsExactlyTheAcceptedKeys() throws Exception {
    List<String> page = Files.readAllLines(RepositoryPaths.root().resolve("docs/configuration.md"));
    check(page, "## `kafka`", "kafka", 0);
    check(page, "## `time`", "time", 0);
    check(page, "## `flink`", "flink", 0);
    check(page, "## `input`", "input", 0);
    check(page, "## `output`", "output", 0);
    check(page, "## `ledger`", "ledger", 0);
    check(page, "## `model`", "model", 0);
    check(page, "## `dphmm`", "dphmm", 0);
    check(page, "## `mqm`", "mqm", 0);
    check(page, "## `redaction`", "redaction", 0);
    check(page, "## `noise`", "noise", 0);
    check(page, "## budget", "dphmm.budget", 0);
    // discretizer: `type` plus the table of the chosen type
    Set<String> bins = documented(page, "**`bins`**", 0);
    bins.add("type");
    assertThat(accepted("discretizer")).as("discretizer (bins)").isEqualTo(bins);
    Set<String> grid = documented(page, "**`grid`**", 0);
    grid.add("type");
    assertThat(accepted("discretizer", "discretizer={\"type\":\"grid\",\"minLat\":0,\"maxLat\":1,\"minLon\":0,"
        + "\"maxLon\":1,\"rows\":1,\"cols\":2}")).as("discretizer (grid)").isEqualTo(grid);
  }

  @Test
  void theCheckReadsTablesAsWritten() {
    List<String> page = List.of("## `x`", "", "| key | default |", "|---|---|", "| `a` | 1 |", "| `b`, `c` | 2 |",
        "", "## next", "| `z` | 3 |");
    assertThat(documented(page, "## `x`", 0)).containsExactly("a", "b", "c");
  }

  private static void check(List<String> page, String heading, String section, int table) throws Exception {
    Set<String> accepted = new LinkedHashSet<>(accepted(section));
    if (section.equals("kafka")) { // the test-only mechanism's topic (FourthMechanismTest) is not the project's
      accepted.remove("laplaceCountTopic");
    }
    assertThat(accepted).as(section).isEqualTo(documented(page, heading, table));
  }

  /** The keys of the first key table after {@code heading}, before the next heading. */
  static Set<String> documented(List<String> page, String heading, int table) {
    Set<String> keys = new LinkedHashSet<>();
    int i = 0;
    while (i < page.size() && !page.get(i).startsWith(heading)) {
      i++;
    }
    assertThat(i).as("heading " + heading).isLessThan(page.size());
    boolean inTable = false;
    for (i++; i < page.size(); i++) {
      String line = page.get(i);
      if (line.startsWith("#") || line.startsWith("**`")) {
        break;
      }
      Matcher m = KEY_CELL.matcher(line);
      if (m.find()) {
        inTable = true;
        Matcher k = KEY.matcher(m.group(1));
        while (k.find()) {
          keys.add(k.group(1));
        }
      } else if (inTable && !line.startsWith("|")) {
        break;
      }
    }
    return keys;
  }

  /** The keys the loader accepts in {@code section} (a dotted path) of the base configuration, as it lists them. */
  static Set<String> accepted(String section, String... mutations) throws Exception {
    List<String> all = new ArrayList<>(List.of(mutations));
    all.add(section + ".zzzNotAKey=1");
    String yaml = InvalidConfigTest.mutate(all.toArray(new String[0]));
    ConfigException e = catchThrowableOfType(ConfigException.class,
        () -> ConfigLoader.parse(yaml, Path.of("/nonexistent-dir")));
    assertThat(e).as(section).isNotNull();
    assertThat(e.getMessage()).startsWith(section + ".zzzNotAKey: ");
    Matcher m = EXPECTED.matcher(e.getMessage());
    assertThat(m.find()).as(e.getMessage()).isTrue();
    return new LinkedHashSet<>(List.of(m.group(1).split(", ")));
  }
}
