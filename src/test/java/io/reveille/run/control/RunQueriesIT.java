package io.reveille.run.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.platform.persistence.Window;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Optional;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The run list across agents reads one page at a time: 1,000 runs of one agent come back in pages
 * of the asked size, newest first, each page read on its own (the window asks the database for one
 * row more than the page, never for the rest), and the filters narrow it in the database.
 */
@ExtendWith(ArquillianExtension.class)
class RunQueriesIT {

  private static final int RUNS = 1_000;
  private static final int PAGE = 100;

  @Inject AgentService agents;
  @Inject RunQueries queries;
  @Inject RunLogFixture runLog;

  @Test
  void aThousandRunsComeBackPageByPageNewestFirstAndTheFiltersNarrowThem() {
    var agentId = agents.create(NewAgent.custom("Many runs")).agent().getId();
    var from = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(2 * RUNS);
    var planted = runLog.insertFinishedRuns(agentId, RUNS, from);
    var byAgent = new RunFilter(Optional.of(agentId), none(), none(), none(), none());

    var seen = new ArrayList<String>();
    var window = Optional.of(new Window(0, PAGE));
    var pages = 0;
    while (window.isPresent()) {
      var page = queries.runs(byAgent, window.get());
      assertTrue(page.items().size() <= PAGE, "a page holds at most its limit");
      page.items().forEach(run -> seen.add(run.getRunKey()));
      pages++;
      window = page.next();
    }
    assertEquals(RUNS / PAGE, pages);
    var newestFirst = new ArrayList<>(planted);
    Collections.reverse(newestFirst);
    assertEquals(newestFirst, seen, "every run once, newest first");

    // Status: every third failed (i = 0, 3, …, 999).
    var failed =
        queries.runs(
            new RunFilter(
                Optional.of(agentId), Optional.of(WakeStatus.FAILED), none(), none(), none()),
            new Window(0, 500));
    assertEquals(334, failed.items().size());
    assertFalse(failed.more());
    assertTrue(failed.items().stream().allMatch(r -> r.getStatus() == WakeStatus.FAILED));

    // Reason and a time window: timer wakes (every fifth) created in [from + 100 s, from + 200 s).
    var timers =
        queries.runs(
            new RunFilter(
                Optional.of(agentId),
                none(),
                Optional.of(WakeReason.TIMER),
                Optional.of(from.plusSeconds(100)),
                Optional.of(from.plusSeconds(200))),
            new Window(0, 500));
    assertEquals(
        java.util.stream.IntStream.iterate(195, i -> i >= 100, i -> i - 5)
            .mapToObj(i -> agentId + ":planted:" + i)
            .toList(),
        timers.items().stream().map(WakeRunLogEntry::getRunKey).toList());
  }

  private static <T> Optional<T> none() {
    return Optional.empty();
  }
}
