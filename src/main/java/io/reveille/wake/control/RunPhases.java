package io.reveille.wake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The phases of a deterministic workflow as steps of its run: each phase begins a step at a step
 * boundary (cancel and budgets checked), and ends it with a checkpoint naming the phases still
 * ahead. A resumed run goes through its phases again — they decide the same way on the same data —
 * and every tool call they make is answered from its receipt.
 */
@ApplicationScoped
public class RunPhases {

  @Inject RunJournal journal;
  @Inject RunMeters meters;

  /** The phases of one attempt of {@code run}, numbered from 0, under the run's meter. */
  public Phases of(WakeRun run) {
    return new Phases(run.agentId(), run.runKey(), journal, meters.meter(run.runKey()));
  }

  /** One attempt's phases. Not thread-safe: one workflow uses it. */
  public static final class Phases {
    private final String agentId;
    private final String runKey;
    private final RunJournal journal;
    private final RunMeter meter;
    private int index;

    Phases(String agentId, String runKey, RunJournal journal, RunMeter meter) {
      this.agentId = agentId;
      this.runKey = runKey;
      this.journal = journal;
      this.meter = meter;
    }

    /** The run's meter, for the tool calls the phases make. */
    public RunMeter meter() {
      return meter;
    }

    /**
     * Runs the next phase as a step.
     *
     * @param nextOrdinal the ordinal of the run's next tool call after this phase
     * @param remaining the phases still ahead after this one
     */
    public <T> T next(String phase, int nextOrdinal, List<String> remaining, Supplier<T> body) {
      Objects.requireNonNull(body, "body");
      meter.boundary();
      var step = index++;
      journal.began(agentId, runKey, step, phase);
      var value = body.get();
      journal.ended(
          agentId,
          runKey,
          new Checkpoint(phase, step, nextOrdinal, remaining, List.of(), Optional.empty()));
      return value;
    }
  }
}
