package io.reveille.wake.control;

import io.reveille.memory.control.MemoryService.NewMessage;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a workflow asks the runner to write with the run's completion, in one transaction: the new
 * report (and its head), messages that must be appended exactly once, whether the agent should go
 * dormant (with the reason, told to the user as a {@code system} message), and when it wakes next
 * on its own — as {@code set_next_wake} does: it sleeps until then, and what its subscriptions hear
 * meanwhile waits for that wake ({@link WakeScheduler#scheduleOwnWake}).
 */
public record WakeOutcome(
    Optional<ReportDraft> report,
    List<NewMessage> closingMessages,
    Optional<String> dormancy,
    Optional<NextWake> nextWake,
    Optional<String> jobStoppedBy) {

  /** An outcome that ends no job. */
  public WakeOutcome(
      Optional<ReportDraft> report,
      List<NewMessage> closingMessages,
      Optional<String> dormancy,
      Optional<NextWake> nextWake) {
    this(report, closingMessages, dormancy, nextWake, Optional.empty());
  }

  /**
   * The agent's next wake, at {@code at} (moved into its kind's bounds, {@link NextWakeBounds}),
   * for the reason {@code why}.
   */
  public record NextWake(Instant at, String why) {
    public NextWake {
      Objects.requireNonNull(at, "at");
      Objects.requireNonNull(why, "why");
    }
  }

  /** An outcome that sets no next wake. */
  public WakeOutcome(
      Optional<ReportDraft> report, List<NewMessage> closingMessages, Optional<String> dormancy) {
    this(report, closingMessages, dormancy, Optional.empty());
  }

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
    Objects.requireNonNull(nextWake, "nextWake");
    Objects.requireNonNull(jobStoppedBy, "jobStoppedBy");
  }

  /** This outcome, and the agent wakes next at {@code at} for {@code why}. */
  public WakeOutcome withNextWake(Instant at, String why) {
    return new WakeOutcome(
        report, closingMessages, dormancy, Optional.of(new NextWake(at, why)), jobStoppedBy);
  }

  /**
   * This outcome, and the job the run serves is done, {@code stoppedBy} the condition that held:
   * recorded with the run's completion ({@link Jobs#finish}).
   */
  public WakeOutcome withJobStop(String stoppedBy) {
    return new WakeOutcome(report, closingMessages, dormancy, nextWake, Optional.of(stoppedBy));
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
