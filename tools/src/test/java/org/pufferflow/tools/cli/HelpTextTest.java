package org.pufferflow.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.pufferflow.jobs.cli.CommandLines;
import org.pufferflow.jobs.cli.JobCli;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * The help of every command and subcommand of {@code pufferflow}, rendered at 80 columns as a terminal shows it
 * (docs/cli.md): no token split across lines (picocli breaks lines after a '.', so {@code model.modelFile} could
 * come out as {@code model.} and {@code modelFile}), no line wider than 80, one placeholder style ({@code NAME}, never
 * picocli's {@code <field>}), and no option described that the command does not have.
 */
class HelpTextTest {

  private static final int WIDTH = 80;
  private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z-]*[a-z]");

  /** The two roots: the tools' {@code pufferflow} and the slim job jar's {@link JobCli}. */
  private static final List<Supplier<Object>> ROOTS = List.of(PufferflowCli::new, JobCli::new);

  /** Every command under both roots, each root first; each subcommand once (not under its aliases). */
  private static List<CommandSpec> commands() {
    List<CommandSpec> out = new ArrayList<>();
    ROOTS.forEach(r -> walk(CommandLines.create(r.get()).getCommandSpec(), out));
    return out;
  }

  private static void walk(CommandSpec spec, List<CommandSpec> out) {
    out.add(spec);
    new LinkedHashSet<>(spec.subcommands().values()).forEach(c -> walk(c.getCommandSpec(), out));
  }

  /** The help of {@code c} (found again under a fresh root, so that widths do not leak) at {@code width} columns. */
  private static String help(CommandSpec c, int width) {
    CommandSpec root = c;
    while (root.parent() != null) {
      root = root.parent();
    }
    Object fresh = root.userObject() instanceof JobCli ? new JobCli() : new PufferflowCli();
    CommandLine cl = CommandLines.create(fresh);
    String[] names = c.qualifiedName().split(" ");
    for (int i = 1; i < names.length; i++) {
      cl = cl.getSubcommands().get(names[i]);
    }
    cl.setUsageHelpAutoWidth(false);
    cl.setUsageHelpWidth(width);
    return cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  @Test
  void everyCommandIsCovered() {
    List<String> names = commands().stream().map(CommandSpec::qualifiedName).toList();
    assertThat(names).contains("pufferflow", "pufferflow run", "pufferflow feed", "pufferflow plan mqm",
        "pufferflow plan redaction", "pufferflow analyze policy", "pufferflow bench dphmm",
        "pufferflow bench pipeline", "pufferflow learn", "pufferflow demo", "pufferflow experiment");
  }

  @Test
  void noTokenIsSplitAcrossLinesAndNoLineIsWiderThanTheTerminal() {
    for (CommandSpec c : commands()) {
      String narrow = help(c, WIDTH);
      String wide = help(c, 1000);
      String[] lines = narrow.split("\\R");
      for (int i = 0; i < lines.length; i++) {
        assertThat(lines[i].length()).as(c.qualifiedName() + ": " + lines[i]).isLessThanOrEqualTo(WIDTH);
        if (i + 1 == lines.length || lines[i].isBlank() || lines[i].endsWith(" ") || lines[i + 1].isBlank()) {
          continue;
        }
        String last = lines[i].substring(lines[i].lastIndexOf(' ') + 1);
        String first = lines[i + 1].strip().split(" ", 2)[0];
        // a split token is one the unwrapped help has whole and never with a space at this point
        boolean split = wide.contains(last + first) && !wide.contains(last + " " + first);
        assertThat(split).as("%s: '%s' / '%s' split across lines:%n%s", c.qualifiedName(), last, first, narrow)
            .isFalse();
      }
    }
  }

  @Test
  void placeholdersAreWrittenOneWay() {
    for (CommandSpec c : commands()) {
      String h = help(c, WIDTH);
      assertThat(h).as(c.qualifiedName()).doesNotContainPattern("<[A-Za-z][A-Za-z0-9]*>");
      for (OptionSpec o : c.options()) {
        if (o.arity().max() > 0 && !o.paramLabel().contains("|")) {
          assertThat(o.paramLabel()).as(c.qualifiedName() + " " + o.longestName())
              .matches("[A-Z][A-Z0-9_]*([.:][A-Za-z0-9_]+)?");
        }
      }
    }
  }

  @Test
  void eachCommandDescribesOnlyItsOwnOptions() {
    for (CommandSpec c : commands()) {
      Set<String> own = new LinkedHashSet<>();
      c.options().forEach(o -> own.addAll(List.of(o.names())));
      Set<String> allowedSiblingNames = new LinkedHashSet<>();
      OptionSpec mechanism = c.findOption("--mechanism");
      if (mechanism != null) {
        allowedSiblingNames.addAll(List.of(String.join(" ", mechanism.description()).split("[^a-z0-9-]+")));
      }
      CommandSpec parent = c.parent();
      for (OptionSpec o : c.options()) {
        String text = String.join(" ", o.description());
        Matcher m = OPTION.matcher(text);
        while (m.find()) {
          assertThat(own).as("%s %s describes %s", c.qualifiedName(), o.longestName(), m.group())
              .contains(m.group());
        }
        // a subcommand of bench, plan or analyze does not describe its siblings (as a shared mixin once did)
        if (parent != null && parent.parent() != null) {
          for (String sibling : parent.subcommands().keySet()) {
            if (!sibling.equals(c.name()) && !allowedSiblingNames.contains(sibling)) {
              assertThat(text).as("%s %s mentions %s", c.qualifiedName(), o.longestName(), sibling)
                  .doesNotContainPattern("(?<![\\w-])" + Pattern.quote(sibling) + "(?![\\w-])");
            }
          }
        }
      }
    }
  }
}
