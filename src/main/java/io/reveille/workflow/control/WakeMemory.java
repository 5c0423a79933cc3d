package io.reveille.workflow.control;

import io.reveille.inference.control.ChatMessage;
import io.reveille.memory.control.HotContext;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.ObservationText;
import io.reveille.memory.control.Recall;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentReport;
import io.reveille.memory.entity.ObservationPriority;
import io.reveille.retention.control.RetentionConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Context assembly: what an agent carries into a wake, the one place every engine and the sessions
 * read it from — its current report, its observations by priority and, for a thread, the thread's
 * hot turns and the summaries of what came before them. Every read is bounded and by index.
 */
@ApplicationScoped
@Transactional
public class WakeMemory {

  /** The most observations one wake reads. */
  public static final int MAX_OBSERVATIONS = 500;

  @Inject MemoryService memory;
  @Inject HotContext hot;
  @Inject io.reveille.workingstate.control.WorkingStates workingStates;
  @Inject Clock clock;

  /** How long a routine observation stays in the context; empty: for good. */
  private Optional<Duration> routineRetention;

  @Inject
  void configure(
      @ConfigProperty(name = "reveille.memory.observation-retention", defaultValue = "P180D")
          String retention) {
    routineRetention = RetentionConfig.age("reveille.memory.observation-retention", retention);
  }

  public Optional<AgentReport> report(String agentId) {
    return memory.currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE);
  }

  /** The texts of the observations a wake now reads, oldest first. */
  public List<String> observations(String agentId) {
    return observations(agentId, clock.instant());
  }

  /**
   * The texts of the observations a wake at {@code now} reads, oldest first: every critical one,
   * then the notable ones, then the routine ones younger than {@code
   * reveille.memory.observation-retention}, each newest first, at most {@value #MAX_OBSERVATIONS}
   * in all. Each priority is one read by the log's (agent, kind, priority, time) index, bounded by
   * what is left of the budget: the cost does not grow with the agent's history. Observations that
   * are not read stay in the log.
   */
  public List<String> observations(String agentId, Instant now) {
    var chosen = new ArrayList<ObservationText>();
    for (var priority :
        List.of(
            ObservationPriority.CRITICAL,
            ObservationPriority.NOTABLE,
            ObservationPriority.ROUTINE)) {
      var left = MAX_OBSERVATIONS - chosen.size();
      if (left == 0) {
        break;
      }
      var since =
          priority == ObservationPriority.ROUTINE
              ? routineRetention.map(now::minus).orElse(Instant.EPOCH)
              : Instant.EPOCH;
      chosen.addAll(memory.observations(agentId, priority, since, left));
    }
    chosen.sort(
        Comparator.comparing(ObservationText::createdAt).thenComparing(ObservationText::id));
    return chosen.stream().map(ObservationText::content).toList();
  }

  /**
   * A thread's part of a context: its hot turns, the summaries of what came before them, and the
   * agent's working state for the thread (its rendering for a model), if it has one.
   */
  public record ThreadContext(
      String threadId,
      HotContext.Layer hot,
      HotContext.Summaries summaries,
      Optional<String> workingState) {

    /**
     * The context as lines, oldest first: the summaries' items ({@code kind: first sentence}), then
     * the hot turns ({@code kind: text}).
     */
    public List<String> lines() {
      var lines = new ArrayList<String>();
      for (var summary : summaries.textsOldestFirst()) {
        summary
            .lines()
            .map(String::strip)
            .filter(line -> line.startsWith("- "))
            .map(line -> line.substring(2))
            .forEach(lines::add);
      }
      hot.turns().forEach(turn -> lines.add(turn.kind().wire() + ": " + turn.text().strip()));
      return List.copyOf(lines);
    }
  }

  /**
   * What a wake reads: the report, the observations and, for a thread, its context. Every part is a
   * bounded read by index; none grows with the agent's history.
   */
  public record WakeContext(
      Optional<AgentReport> report, List<String> observations, Optional<ThreadContext> thread) {}

  /** The context the agent's next wake reads, with {@code threadId}'s part if given. */
  public WakeContext context(String agentId, Optional<String> threadId) {
    return new WakeContext(
        report(agentId),
        observations(agentId),
        threadId.map(thread -> thread(agentId, thread, Optional.empty())));
  }

  /**
   * The working state a wake of {@code threadId} reads, as text: the thread's own, or for an
   * autonomous run's new thread the one the agent's latest run left ({@link
   * io.reveille.workingstate.control.WorkingStates#render}); empty when there is none.
   */
  public Optional<String> workingState(String agentId, String threadId) {
    return workingStates.render(agentId, threadId);
  }

  /**
   * A thread's context as of {@code until} (now when empty): its hot layer ({@link HotContext})
   * and, when turns were left out of it, the summaries of the spans before it — the cold summary of
   * everything folded and the warm summaries after it.
   */
  public ThreadContext thread(String agentId, String threadId, Optional<Instant> until) {
    var layer = hot.of(agentId, threadId, until);
    var summaries =
        layer.leftOut()
            ? hot.summaries(agentId, threadId)
            : new HotContext.Summaries(Optional.empty(), List.of(), 0, false);
    return new ThreadContext(threadId, layer, summaries, workingStates.render(agentId, threadId));
  }

  /**
   * The conversation of a session thread up to the turn {@code runKey} answers, oldest first: the
   * thread's working state and the summaries of what came before the hot turns as system messages,
   * then the user's turns and the agent's answers with text (tool calls and results are not
   * replayed; the model sees their effects in the context it is given). Turns posted after it are
   * left for their own runs.
   */
  public List<ChatMessage> sessionHistory(String agentId, String threadId, String runKey) {
    var context = thread(agentId, threadId, hot.turnOf(agentId, runKey));
    var history = new ArrayList<ChatMessage>();
    context
        .workingState()
        .ifPresent(
            state ->
                history.add(
                    ChatMessage.system("Your working state for this conversation:\n" + state)));
    context.summaries().textsOldestFirst().forEach(text -> history.add(ChatMessage.system(text)));
    context.hot().turns().stream()
        .<ChatMessage>map(
            turn ->
                turn.kind() == AgentMessageKind.USER
                    ? ChatMessage.user(turn.text())
                    : ChatMessage.assistant(turn.text()))
        .forEach(history::add);
    return List.copyOf(history);
  }

  /**
   * What the deterministic engine remembers for the session turn {@code runKey}: the lines of the
   * thread's context (summaries and earlier hot turns) that best match the user's message ({@link
   * Recall}); none when nothing matches.
   */
  public List<String> recall(String agentId, String threadId, String runKey) {
    var context = thread(agentId, threadId, hot.turnOf(agentId, runKey));
    var turns = context.hot().turns();
    if (turns.isEmpty() || turns.get(turns.size() - 1).kind() != AgentMessageKind.USER) {
      return List.of();
    }
    var lines = context.lines();
    // The question itself is the last line: it is not its own answer.
    return Recall.of(turns.get(turns.size() - 1).text(), lines.subList(0, lines.size() - 1));
  }
}
