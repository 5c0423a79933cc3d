package io.reveille.memory.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.AgentChanges;
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
import io.reveille.session.control.SessionService;
import io.reveille.session.control.TurnInput;
import io.reveille.testing.AtScale;
import io.reveille.testing.Poll;
import io.reveille.workflow.control.WakeMemory;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A session of 10,000 turns, compacted by the real worker steps through the real database, still
 * answers a question about its first turn: from the cold summary, since the turn is far out of the
 * hot layer and the warm summaries — first with the deterministic engine, then with a model (the
 * local OpenAI-protocol server) that is sent the summaries with the turn's words in them. The
 * context stays within its budgets throughout.
 *
 * <p>Its minute goes to writing the history; the compaction and context reads it checks run on
 * every stack in {@link CompactionIT}, at a smaller scale.
 */
@AtScale
@ExtendWith(ArquillianExtension.class)
class LongConversationIT {

  private static final int TURNS = 10_000;
  private static final int PER_TRANSACTION = 50;
  private static final Duration REPLY = Duration.ofSeconds(60);

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject SessionService sessions;
  @Inject Compactions compactions;
  @Inject CompactionWorker worker;
  @Inject HotContext hot;
  @Inject WakeMemory wakeMemory;
  @Inject InferenceGateway gateway;

  @Test
  void aSessionOfTenThousandTurnsAnswersAboutItsFirstTurnFromItsSummaries() throws Exception {
    var agentId =
        agents
            .create(
                new NewAgent(
                    AgentKind.CUSTOM,
                    "Long talker",
                    AgentMode.INTERACTIVE,
                    AgentLifecycle.ACTIVE,
                    Set.of(),
                    AgentConfig.empty(),
                    AgentSlots.empty()))
            .agent()
            .getId();
    var session = sessions.open(agentId);
    var threadId = SessionService.threadId(session);
    var codeword = "PELICAN" + UUID.randomUUID().toString().substring(0, 8).toUpperCase();
    fill(agentId, threadId, "My codeword is " + codeword + ". Please keep it safe.");

    var jobs = 0;
    for (var job = compactions.plan(agentId, threadId);
        job.isPresent();
        job = compactions.plan(agentId, threadId)) {
      assertTrue(worker.run(job.get().getId()), "each planned job runs");
      jobs++;
    }
    assertTrue(jobs > TURNS / 50, "a first-level summary per span, and the folds: " + jobs);

    var context = wakeMemory.context(agentId, Optional.of(threadId)).thread().orElseThrow();
    assertTrue(context.hot().turns().size() <= hot.maxMessages());
    assertTrue(context.hot().tokens() <= hot.maxTokens());
    assertTrue(context.summaries().tokens() <= hot.summaryMaxTokens());
    var cold = context.summaries().cold().orElseThrow();
    assertTrue(cold.depth() > 2, "folded again and again: depth " + cold.depth());
    assertTrue(cold.text().contains("- user: My codeword is " + codeword + "."), cold::text);
    assertFalse(
        context.hot().turns().stream().anyMatch(turn -> turn.text().contains(codeword)),
        "the first turn is long out of the hot layer");

    // The deterministic engine answers from what it remembers.
    var asked =
        sessions.takeTurn(
            agentId, session.getId(), new TurnInput("What was my codeword?", "ask-1"));
    var answer = reply(agentId, threadId, asked.runKey());
    assertTrue(answer.contains("user: My codeword is " + codeword + "."), answer);

    // A model is sent the summaries, the first turn's words among them.
    ClosedCircuit.await(gateway);
    agents.update(
        agentId,
        OptionalLong.empty(),
        new AgentChanges(
            Optional.empty(),
            Optional.empty(),
            Optional.of(AgentConfig.empty().withModelId("default")),
            Optional.empty()));
    var model = OpenAiProtocolServer.shared();
    model.thenAnswer("Your codeword is " + codeword + ".");
    var askedAgain =
        sessions.takeTurn(
            agentId, session.getId(), new TurnInput("Remind me of my codeword, please.", "ask-2"));
    assertEquals(
        "Your codeword is " + codeword + ".", reply(agentId, threadId, askedAgain.runKey()));
    assertEquals(1, model.requestsMentioning("My codeword is " + codeword));
    assertTrue(
        model.requestsMentioning(cold.text().lines().findFirst().orElseThrow()) >= 1,
        "the cold summary went to the model");
  }

  /** The session's turns, written as a session writes them, a few hundred per transaction. */
  private void fill(String agentId, String threadId, String first) throws Exception {
    var transaction =
        (UserTransaction) new javax.naming.InitialContext().lookup("java:comp/UserTransaction");
    for (var from = 1; from <= TURNS; from += PER_TRANSACTION) {
      transaction.begin();
      try {
        for (var i = from; i < from + PER_TRANSACTION; i++) {
          var text = i == 1 ? first : "Turn " + i + ". Details of turn " + i + ".";
          memory.append(
              agentId,
              new NewMessage(
                  threadId,
                  i % 2 == 1 ? AgentMessageKind.USER : AgentMessageKind.ASSISTANT,
                  Optional.empty(),
                  Optional.of(text),
                  text.length() / 4,
                  AgentMessageMetadata.empty()));
        }
        transaction.commit();
      } catch (Exception e) {
        transaction.rollback();
        throw e;
      }
    }
  }

  /** The agent's answer to the turn of {@code runKey}, once its run wrote it. */
  private String reply(String agentId, String threadId, String runKey) {
    var answer =
        new java.util.concurrent.atomic.AtomicReference<Optional<String>>(Optional.empty());
    Poll.until(
        REPLY,
        () -> {
          answer.set(
              memory
                  .messages(
                      agentId,
                      Optional.of(AgentMessageKind.ASSISTANT),
                      Optional.of(threadId),
                      5,
                      Optional.empty())
                  .messages()
                  .stream()
                  .filter(message -> runKey.equals(message.getTriggerSourceId()))
                  .findFirst()
                  .flatMap(memory::content));
          return answer.get().isPresent();
        });
    return answer.get().orElseThrow();
  }
}
