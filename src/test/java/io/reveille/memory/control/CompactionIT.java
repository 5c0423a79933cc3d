package io.reveille.memory.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.memory.entity.CompactionJobStatus;
import io.reveille.platform.persistence.Window;
import io.reveille.testing.Poll;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Optional;
import java.util.Set;
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
 * becomes the thread's warm layer; the raw turns all stay. A worker that stops mid-job commits
 * nothing and loses the job to another after its lease; a job failing every attempt waits for an
 * administrator; a model that fails every attempt leaves the extractive summary.
 */
@ExtendWith(ArquillianExtension.class)
class CompactionIT {

  private static final int SPAN = 50;

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject Compactions compactions;
  @Inject HotContext hot;
  @Inject CompactionWorker worker;
  @Inject Summariser summariser;
  @Inject InferenceGateway gateway;

  @Test
  void aJobThatKeepsFailingFailsForGoodAfterItsAttemptsAndAnAdministratorRetriesIt() {
    var agentId = agents.create(NewAgent.custom("Unlucky")).agent().getId();
    var threadId = agentId + ":session:failing";
    talk(agentId, threadId, SPAN + hot.maxMessages());
    var job = compactions.plan(agentId, threadId).orElseThrow();

    // Each attempt: a worker takes the job and its summary cannot be written.
    for (var attempt = 1; attempt <= Compactions.MAX_ATTEMPTS; attempt++) {
      var work = compactions.take(job.getId()).orElseThrow();
      assertThrows(
          io.reveille.platform.error.IllegalTransitionException.class,
          () -> compactions.retry(agentId, job.getId()),
          "only a job that failed for good is retried by hand");
      compactions.failed(work, "the database refused attempt " + work.jobVersion());
    }
    var dead = compactions.jobs(agentId, Window.first()).items().get(0);
    assertEquals(CompactionJobStatus.FAILED, dead.getStatus());
    assertEquals(Compactions.MAX_ATTEMPTS, dead.getAttempts());
    assertTrue(dead.getLastError().startsWith("the database refused attempt"), dead::getLastError);
    assertEquals(false, worker.run(job.getId()), "a job failed for good is not run");

    assertEquals(CompactionJobStatus.PENDING, compactions.retry(agentId, job.getId()).getStatus());
    assertTrue(worker.run(job.getId()), "due at once after the retry");
    assertEquals(1, hot.summaries(agentId, threadId).warm().size());
    assertThrows(
        io.reveille.platform.error.NotFoundException.class,
        () -> compactions.retry("someone-else", job.getId()));
  }

  @Test
  void aWorkerThatStopsMidJobLeavesNoSummaryAndItsJobIsTakenOverAfterTheLease() {
    var agentId = agents.create(NewAgent.custom("Abandoned")).agent().getId();
    var threadId = agentId + ":session:abandoned";
    talk(agentId, threadId, SPAN + hot.maxMessages());
    var job = compactions.plan(agentId, threadId).orElseThrow();
    var pointer = Optional.ofNullable(agents.state(agentId).getLatestSummaryMessageId());

    // The first worker takes the job, summarises, and stops before it commits (its node died).
    var stopped = compactions.take(job.getId()).orElseThrow();
    var stoppedText = summariser.summarise(stopped);
    assertTrue(hot.summaries(agentId, threadId).warm().isEmpty(), "no summary was committed");
    assertEquals(pointer, Optional.ofNullable(agents.state(agentId).getLatestSummaryMessageId()));
    assertEquals(false, worker.run(job.getId()), "another worker keeps off while the lease holds");

    // After the lease, another worker takes the job over and completes it.
    Poll.until(Duration.ofSeconds(30), () -> worker.run(job.getId()));
    assertEquals(false, compactions.finish(stopped, stoppedText), "the first worker's late finish");
    var summaries = hot.summaries(agentId, threadId).warm();
    assertEquals(1, summaries.size());
    assertEquals(stopped.summaryId(), summaries.get(0).messageId());
    assertEquals(summaries.get(0).messageId(), agents.state(agentId).getLatestSummaryMessageId());
    var taken = compactions.jobs(agentId, Window.first()).items().get(0);
    assertEquals(CompactionJobStatus.COMPLETED, taken.getStatus());
    assertEquals(2, taken.getAttempts());
  }

  @Test
  void aModelThatFailsEveryAttemptLeavesTheExtractiveSummaryAndOneThatAnswersWritesIt() {
    ClosedCircuit.await(gateway);
    var model = OpenAiProtocolServer.shared();
    var agentId =
        agents
            .create(
                new NewAgent(
                    AgentKind.CUSTOM,
                    "Summarised by a model",
                    AgentMode.AUTONOMOUS,
                    AgentLifecycle.ACTIVE,
                    Set.of(),
                    AgentConfig.empty().withModelId("default"),
                    AgentSlots.empty()))
            .agent()
            .getId();
    var refused = agentId + ":session:refused";
    var marker = "Refused " + java.util.UUID.randomUUID() + ".";
    say(agentId, refused, marker);
    talk(agentId, refused, SPAN + hot.maxMessages());
    var refusedJob = compactions.plan(agentId, refused).orElseThrow();
    for (var attempt = 0; attempt < 3; attempt++) {
      model.then(400, "{\"error\":{\"message\":\"this request is refused\"}}");
    }

    assertTrue(worker.run(refusedJob.getId()));
    var fallback = hot.summaries(agentId, refused).warm().get(0).text();
    assertTrue(fallback.startsWith("Earlier in this conversation (" + SPAN + " messages"));
    assertTrue(fallback.contains("- user: " + marker), fallback);
    assertTrue(!fallback.contains("; by "), fallback);
    assertEquals(3, model.requestsMentioning(marker), "three attempts, then the fallback");

    var answered = agentId + ":session:answered";
    var answeredMarker = "Answered " + java.util.UUID.randomUUID() + ".";
    say(agentId, answered, answeredMarker);
    talk(agentId, answered, SPAN + hot.maxMessages());
    var answeredJob = compactions.plan(agentId, answered).orElseThrow();
    model.thenAnswer("- user: counted turns, one by one");
    assertTrue(worker.run(answeredJob.getId()));
    var summary = hot.summaries(agentId, answered).warm().get(0).text();
    assertTrue(summary.contains("; by test-model):\n- user: counted turns, one by one"), summary);
    assertEquals(1, model.requestsMentioning(answeredMarker));
  }

  private void say(String agentId, String threadId, String text) {
    memory.append(
        agentId,
        new NewMessage(
            threadId,
            AgentMessageKind.USER,
            Optional.empty(),
            Optional.of(text),
            8,
            AgentMessageMetadata.empty()));
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
    Callable<String> racer =
        () -> {
          ready.countDown();
          go.await(30, TimeUnit.SECONDS);
          try {
            return String.valueOf(worker.run(job.getId()));
          } catch (RuntimeException e) {
            return "refused";
          }
        };
    var executor =
        (ManagedExecutorService)
            new javax.naming.InitialContext().lookup("java:comp/DefaultManagedExecutorService");
    var first = executor.submit(racer);
    var second = executor.submit(racer);
    assertTrue(ready.await(30, TimeUnit.SECONDS));
    go.countDown();
    var outcomes = new ArrayList<String>();
    outcomes.add(first.get(60, TimeUnit.SECONDS));
    outcomes.add(second.get(60, TimeUnit.SECONDS));

    var summaries = hot.summaries(agentId, threadId).warm();
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
    assertEquals(false, worker.run(job.getId()));
    assertEquals(1, hot.summaries(agentId, threadId).warm().size());
    assertTrue(compactions.plan(agentId, threadId).isEmpty());
    var raw =
        memory
            .messages(agentId, Optional.empty(), Optional.of(threadId), 500, Optional.empty())
            .messages();
    assertEquals(turns + 1, raw.size(), "every turn stays beside the summary");
  }
}
