package io.reveille.wake.control;

import io.reveille.memory.control.MemoryService.NewMessage;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a workflow asks the runner to write with the run's completion, in one transaction: the new
 * report (and its head), messages that must be appended exactly once, and whether the agent should
 * go dormant (with the reason, told to the user as a {@code system} message).
 */
public record WakeOutcome(
    Optional<ReportDraft> report, List<NewMessage> closingMessages, Optional<String> dormancy) {

  /**
   * A report to write under {@code scope}, with the provenance a reader (or the next wake) needs.
   */
  public record ReportDraft(String scope, String content, JsonObject provenance) {
    public ReportDraft {
      Objects.requireNonNull(scope, "scope");
      Objects.requireNonNull(content, "content");
      Objects.requireNonNull(provenance, "provenance");
    }
  }

  public WakeOutcome {
    Objects.requireNonNull(report, "report");
    closingMessages = List.copyOf(closingMessages);
    Objects.requireNonNull(dormancy, "dormancy");
  }

  /** Nothing to write but the completion. */
  public static WakeOutcome nothing() {
    return new WakeOutcome(Optional.empty(), List.of(), Optional.empty());
  }

  /**
   * The agent's answer in the run's thread (an {@code assistant} message of the run), appended with
   * the run's completion: a re-run does not repeat it.
   */
  public static WakeOutcome reply(WakeRun run, String text) {
    return messages(
        List.of(
            new NewMessage(
                run.threadId(),
                io.reveille.memory.entity.AgentMessageKind.ASSISTANT,
                Optional.of(run.runKey()),
                Optional.of(text),
                text.length() / 4,
                io.reveille.memory.entity.AgentMessageMetadata.empty())));
  }

  public static WakeOutcome messages(List<NewMessage> messages) {
    return new WakeOutcome(Optional.empty(), messages, Optional.empty());
  }

  public static WakeOutcome report(ReportDraft report) {
    return new WakeOutcome(Optional.of(report), List.of(), Optional.empty());
  }

  /** The agent cannot go on ({@code why}): it goes dormant, keeping everything. */
  public static WakeOutcome dormant(String why) {
    return new WakeOutcome(Optional.empty(), List.of(), Optional.of(why));
  }
}
