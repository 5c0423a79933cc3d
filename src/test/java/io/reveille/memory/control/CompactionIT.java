package io.reveille.memory.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Compaction through the real database: a thread past a span and a hot layer gets one job for its
 * oldest span however often it is planned, and two workers running that job at once write exactly
 * one summary — the span's derived id — which links the span, moves the agent's summary pointer and
 * becomes the thread's warm layer; the raw turns all stay.
 */
@ExtendWith(ArquillianExtension.class)
class CompactionIT {

  private static final int SPAN = 50;

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject Compactions compactions;
  @Inject HotContext hot;

  @Test
  void aJobThatKeepsFailingBacksOffThenFailsForGoodAndAnAdministratorRetriesIt() {
    var agentId = agents.create(NewAgent.custom("Unlucky")).agent().getId();
    var threadId = agentId + ":session:failing";
    talk(agentId, threadId, SPAN + hot.maxMessages());
    var job = compactions.plan(agentId, threadId).orElseThrow();

    compactions.failed(job.getId(), "the summariser is down");
    var first = compactions.jobs(agentId, io.reveille.platform.persistence.Window.first());
    var failedOnce = first.items().get(0);
    assertEquals(io.reveille.memory.entity.CompactionJobStatus.PENDING, failedOnce.getStatus());
    assertEquals(1, failedOnce.getAttempts());
    assertEquals("the summariser is down", failedOnce.getLastError());
    assertTrue(failedOnce.getNextAttemptAt().isAfter(failedOnce.getUpdatedAt()), "backed off");
    assertEquals(false, compactions.run(job.getId()), "not due before its back-off");
    assertThrows(
        io.reveille.platform.error.IllegalTransitionException.class,
        () -> compactions.retry(agentId, job.getId()),
        "only a job that failed for good is retried by hand");

    for (var attempt = 2; attempt <= Compactions.MAX_ATTEMPTS; attempt++) {
      compactions.failed(job.getId(), "still down");
    }
    var dead = compactions.jobs(agentId, io.reveille.platform.persistence.Window.first());
    assertEquals(
        io.reveille.memory.entity.CompactionJobStatus.FAILED, dead.items().get(0).getStatus());
    assertEquals(
        io.reveille.memory.entity.CompactionJobStatus.PENDING,
        compactions.retry(agentId, job.getId()).getStatus());
    assertTrue(compactions.run(job.getId()), "due at once after the retry");
    assertEquals(1, hot.warm(agentId, threadId).size());
    assertThrows(
        io.reveille.platform.error.NotFoundException.class,
        () -> compactions.retry("someone-else", job.getId()));
  }

  private void talk(String agentId, String threadId, int turns) {
    for (var i = 1; i <= turns; i++) {
      memory.append(
          agentId,
          new NewMessage(
              threadId,
              i % 2 == 1 ? AgentMessageKind.USER : AgentMessageKind.ASSISTANT,
              Optional.empty(),
              Optional.of("Turn " + i + ". Details of turn " + i + "."),
              8,
              AgentMessageMetadata.empty()));
    }
  }

  @Test
  void twoWorkersCompactingTheSameSpanWriteOneSummary() throws Exception {
    var agentId = agents.create(NewAgent.custom("Talkative")).agent().getId();
    var threadId = agentId + ":session:compaction";
    var turns = SPAN + hot.maxMessages() + 3;
    talk(agentId, threadId, turns);

    var job = compactions.plan(agentId, threadId).orElseThrow();
    assertEquals(job.getId(), compactions.plan(agentId, threadId).orElseThrow().getId());

    var ready = new CountDownLatch(2);
    var go = new CountDownLatch(1);
    Callable<String> worker =
        () -> {
          ready.countDown();
          go.await(30, TimeUnit.SECONDS);
          try {
            return String.valueOf(compactions.run(job.getId()));
          } catch (RuntimeException e) {
            return "refused";
          }
        };
    var executor =
        (ManagedExecutorService)
            new javax.naming.InitialContext().lookup("java:comp/DefaultManagedExecutorService");
    var first = executor.submit(worker);
    var second = executor.submit(worker);
    assertTrue(ready.await(30, TimeUnit.SECONDS));
    go.countDown();
    var outcomes = new ArrayList<String>();
    outcomes.add(first.get(60, TimeUnit.SECONDS));
    outcomes.add(second.get(60, TimeUnit.SECONDS));

    var summaries = hot.warm(agentId, threadId);
    assertEquals(1, summaries.size(), () -> "one summary; the workers said " + outcomes);
    var summary = summaries.get(0);
    assertEquals(job.getStartMessageId(), summary.startMessageId());
    assertEquals(job.getEndMessageId(), summary.endMessageId());
    assertTrue(summary.text().startsWith("Earlier in this conversation (" + SPAN + " messages"));
    assertTrue(summary.text().contains("- user: Turn 1."), summary::text);
    assertTrue(compactions.completed(job.getId()));
    assertEquals(summary.messageId(), agents.state(agentId).getLatestSummaryMessageId());
    assertTrue(outcomes.stream().filter("true"::equals).count() <= 1, outcomes::toString);

    // Done is done: running it again writes nothing, and the rest is not a span yet.
    assertEquals(false, compactions.run(job.getId()));
    assertEquals(1, hot.warm(agentId, threadId).size());
    assertTrue(compactions.plan(agentId, threadId).isEmpty());
    var raw =
        memory
            .messages(agentId, Optional.empty(), Optional.of(threadId), 500, Optional.empty())
            .messages();
    assertEquals(turns + 1, raw.size(), "every turn stays beside the summary");
  }
}
