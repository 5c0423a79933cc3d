package io.reveille.workflow.control;

import io.reveille.agent.entity.AgentKind;
import io.reveille.alertness.control.TokenClassifier;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.wake.control.WakeExecutor;
import io.reveille.wake.control.WakeOutcome;
import io.reveille.wake.control.WakeRun;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The workflow of the {@code custom} kind with the deterministic engine: it records, as a {@code
 * system} message in the run's thread, what woke the agent and which entities changed. Its
 * behaviour beyond that (instructions, tools, an LLM) arrives with the inference work.
 */
@ApplicationScoped
public class CustomAgentWorkflow implements WakeExecutor {

  @Inject TokenClassifier classifier;

  @Override
  public AgentKind kind() {
    return AgentKind.CUSTOM;
  }

  @Override
  public WakeOutcome execute(WakeRun run) {
    // A closing message: appended with the run's completion, so a re-run does not repeat it.
    return WakeOutcome.messages(
        java.util.List.of(
            new NewMessage(
                run.threadId(),
                AgentMessageKind.SYSTEM,
                Optional.of(run.runKey()),
                Optional.of(describe(run)),
                0,
                AgentMessageMetadata.empty())));
  }

  String describe(WakeRun run) {
    var entityIds =
        run.tokens().stream()
            .filter(token -> classifier.classOf(token) == TokenClass.ENTITY_ID)
            .toList();
    var text = new StringBuilder("Woken (").append(run.reason().wire()).append(')');
    if (run.firings().isPresent()) {
      var firings = run.firings().get();
      text.append(" by timer ").append(firings.timerId());
      return (firings.count() == 1
              ? text.append(" scheduled for ").append(firings.from()).append('.')
              : text.append(" catching up ")
                  .append(firings.count())
                  .append(" missed firings from ")
                  .append(firings.from())
                  .append(" to ")
                  .append(firings.until())
                  .append('.'))
          .toString();
    }
    if (run.tokens().isEmpty()) {
      return text.append(" with no trigger tokens.").toString();
    }
    text.append(" by tokens: ").append(String.join(", ", run.tokens())).append('.');
    text.append(
        entityIds.isEmpty()
            ? " No entity changed."
            : " Changed entities: " + String.join(", ", entityIds) + ".");
    return text.toString();
  }
}
