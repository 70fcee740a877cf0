package org.pufferflow.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.pufferflow.accounting.LedgerPolicy;
import org.pufferflow.jobs.io.OutputKind;
import org.pufferflow.jobs.mechanism.dphmm.DphmmUnit;

/** The demo report's wording of budgets and expected counts (docs/cli.md, 'demo'). */
class DemoReportTest {

  @Test
  void budgetsAreWrittenInWords() {
    assertThat(DemoReport.budgetInWords(LedgerPolicy.builder().totalBudget(100_000).periodBudget(1440, 1440).build()))
        .isEqualTo("ε total 100,000, at most 1,440 per 1,440 ticks");
    assertThat(DemoReport.budgetInWords(LedgerPolicy.builder().totalBudget(2.5).build())).isEqualTo("ε total 2.5");
    assertThat(DemoReport.budgetInWords(null)).isEqualTo("none");
  }

  @Test
  void whatTheLocationsSpendIsOneSentence() {
    var locations = DemoConfigs.resource(DemoConfigs.LOCATIONS_RESOURCE);
    assertThat(DemoReport.spentInOneSentence(locations, 80.0)).isEqualTo("Each person's released positions cost ε 1"
        + " per release, at most 4 per day (4 releases a day), and the demo spent at most 80 of each person's"
        + " ε 1,460, a budget that lasts 365 days of data.");
  }

  @Test
  void aLowerBoundOfZeroIsNotABound() {
    assertThat(DemoReport.expectedCount(OutputKind.LEDGER_EVENTS, 0)).isEqualTo("any number");
    assertThat(DemoReport.expectedCount(OutputKind.LEDGER_EVENTS, 3)).isEqualTo("at least 3");
    assertThat(DemoReport.expectedCount(DphmmUnit.RELEASES, 1234)).isEqualTo("1,234");
  }
}
