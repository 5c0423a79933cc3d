package io.reveille.workingstate.control;

import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.wake.control.RunCompleted;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The end-of-run summariser: when a run completes, its own tool results (the {@code toolResult}
 * messages it wrote) become a delta ({@link RunSummary}) applied to the run's thread through the
 * validated path ({@link WorkingStates#applyDelta}), keyed by the run key. It runs in the
 * completing transaction, so it commits exactly when the run does; a delta that is refused is
 * logged and the run completes without it. A self-contained run ({@link
 * RunCompleted#selfContained}) called no tool and is not summarised.
 */
@ApplicationScoped
public class RunSummaries {

  private static final Logger LOG = Logger.getLogger(RunSummaries.class.getName());

  /** The most messages of one run read for its summary. */
  static final int MAX_MESSAGES_READ = 2_000;

  /** The extension of a {@code toolResult} message that describes the result. */
  static final String RESULT_EXTENSION = AgentMessageMetadata.RESULT_ENVELOPE;

  @Inject MemoryService memory;
  @Inject WorkingStates states;

  void onRunCompleted(@Observes RunCompleted run) {
    if (run.selfContained()) {
      // It called no tool, so it has no tool results to summarise: two reads a run saved, which is
      // most of what a deterministic timer firing's run would otherwise read. Its empty delta would
      // only have recorded the run as summarised, a guard against applying a delta twice that a
      // run committed with its own begin does not need.
      return;
    }
    summarise(run.agentId(), run.runKey(), run.threadId());
  }

  /**
   * Summarises a run into its thread's state; a run summarised before changes nothing.
   *
   * @return the thread's state afterwards, empty when the run left nothing to record
   */
  public Optional<WorkingState> summarise(String agentId, String runKey, String threadId) {
    JsonObject delta;
    WorkingState state;
    try {
      state = states.state(agentId, threadId);
      if (state.hasSummarised(runKey)) {
        return Optional.of(state);
      }
      delta = RunSummary.delta(results(agentId, runKey), state);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, e, () -> "Run " + runKey + " of agent " + agentId + " not summarised");
      return Optional.empty();
    }
    if (RunSummary.isEmpty(delta) && state.equals(WorkingState.empty())) {
      return Optional.empty();
    }
    try {
      return Optional.of(states.applyDelta(agentId, threadId, runKey, delta));
    } catch (InvalidInputException e) {
      LOG.log(
          Level.WARNING,
          "The end-of-run delta of run {0} of agent {1} was refused: {2}",
          new Object[] {runKey, agentId, e.getMessage()});
      return Optional.empty();
    }
  }

  private List<RunSummary.Result> results(String agentId, String runKey) {
    return memory.ofRun(agentId, runKey, MAX_MESSAGES_READ).stream()
        .filter(message -> message.getKind() == AgentMessageKind.TOOL_RESULT)
        .map(RunSummaries::result)
        .flatMap(Optional::stream)
        .toList();
  }

  private static Optional<RunSummary.Result> result(AgentMessage message) {
    var metadata = message.getMetadata();
    var extension = metadata.getExtension();
    if (extension == null || !extension.containsKey(RESULT_EXTENSION)) {
      return Optional.empty();
    }
    var envelope = extension.getJsonObject(RESULT_EXTENSION);
    return Optional.of(
        new RunSummary.Result(
            message.getId(),
            envelope.getString("toolName", "unknown"),
            metadata.getStatus().map("success"::equals).orElse(false),
            envelope.getBoolean("preview", false),
            strings(envelope, "changedEntityIds"),
            strings(envelope, "changedTokens"),
            metadata.getErrorCode(),
            metadata.getErrorMessage()));
  }

  private static List<String> strings(JsonObject json, String field) {
    return json.containsKey(field)
        ? json.getJsonArray(field).getValuesAs(JsonString::getString)
        : List.of();
  }
}
