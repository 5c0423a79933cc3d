package io.reveille.wake.entity;

import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.truncate;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.json.JsonObjectConverter;
import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One bounded unit of a run: a model turn or a deterministic phase, numbered from 0 within the run.
 *
 * <p>Why a row per step: a run interrupted anywhere resumes from what its steps recorded. A model
 * turn keeps the model's answer as its {@link #getDecision() decision} from the moment it arrives,
 * so the resumed run carries out that same answer — its tool calls answered from their receipts —
 * instead of asking the model again and perhaps being told something else.
 *
 * <p>Moves: created {@code running}; {@code running → succeeded | failed | blocked}; {@code running
 * | blocked | failed → running} ({@link #resume}, a resumed run taking the step up again); {@code
 * ready | running | blocked → skipped}.
 */
@Entity
@Table(name = "run_steps")
@IdClass(RunStep.Key.class)
@NamedQuery(
    name = "RunStep.findByRun",
    query = "SELECT s FROM RunStep s WHERE s.runKey = :runKey ORDER BY s.stepIndex")
public class RunStep {

  public static final int PHASE_LENGTH = 64;
  public static final int ERROR_LENGTH = 2000;

  /** The composite key: run and step index. */
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;
    private String runKey;
    private int stepIndex;

    public Key() {}

    public Key(String runKey, int stepIndex) {
      this.runKey = runKey;
      this.stepIndex = stepIndex;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key key
          && key.stepIndex == stepIndex
          && Objects.equals(key.runKey, runKey);
    }

    @Override
    public int hashCode() {
      return Objects.hash(runKey, stepIndex);
    }
  }

  @Id
  @Column(name = "run_key", length = WakeRunLogEntry.RUN_KEY_LENGTH)
  private String runKey;

  @Id
  @Column(name = "step_index")
  private int stepIndex;

  @Column(name = "phase", length = PHASE_LENGTH, nullable = false)
  private String phase;

  @Convert(converter = StepStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private StepStatus status;

  @Column(name = "attempts", nullable = false)
  private int attempts;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "decision")
  private JsonObject decision;

  @Column(name = "error_code", length = 64)
  private String errorCode;

  @Column(name = "error_message", length = ERROR_LENGTH)
  private String errorMessage;

  @Column(name = "started_at", nullable = false)
  private Instant startedAt;

  @Column(name = "ended_at")
  private Instant endedAt;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected RunStep() {}

  /** A step begun now: {@code running}, first attempt. */
  public RunStep(String runKey, int stepIndex, String phase, Instant now) {
    this.runKey = nonBlankText("runKey", runKey, WakeRunLogEntry.RUN_KEY_LENGTH);
    if (stepIndex < 0) {
      throw new IllegalArgumentException("stepIndex must not be negative");
    }
    this.stepIndex = stepIndex;
    this.phase = nonBlankText("phase", phase, PHASE_LENGTH);
    this.startedAt = required("now", now);
    this.status = StepStatus.RUNNING;
    this.attempts = 1;
  }

  /**
   * Records what the step decided (a model's answer) while it runs; once: a step carries out one
   * decision, however often it is resumed.
   *
   * @return whether it was recorded here (false: the step has one already, which stays)
   */
  public boolean decide(JsonObject what) {
    required("decision", what);
    if (status != StepStatus.RUNNING) {
      throw new IllegalTransitionException(
          "run step " + runKey + "#" + stepIndex, status.wire(), "decided");
    }
    if (decision != null) {
      return false;
    }
    decision = what;
    return true;
  }

  /** running | blocked | failed → running: a resumed run takes the step up again. */
  public void resume(Instant now) {
    move(now, StepStatus.RUNNING, StepStatus.RUNNING, StepStatus.BLOCKED, StepStatus.FAILED);
    attempts++;
    endedAt = null;
    errorCode = null;
    errorMessage = null;
  }

  /** running → succeeded. */
  public void succeed(Instant now) {
    move(now, StepStatus.SUCCEEDED, StepStatus.RUNNING);
    endedAt = now;
  }

  /** running → blocked: the run waits for a person; {@code code} says for what. */
  public void block(Instant now, String code, String why) {
    var checked = nonBlankText("code", code, 64);
    move(now, StepStatus.BLOCKED, StepStatus.RUNNING);
    errorCode = checked;
    errorMessage = truncate(why, ERROR_LENGTH);
  }

  /** running → failed, with the error's code (null for none) and message. */
  public void fail(Instant now, String code, String why) {
    var checked = optionalText("code", code, 64);
    move(now, StepStatus.FAILED, StepStatus.RUNNING);
    endedAt = now;
    errorCode = checked;
    errorMessage = truncate(why, ERROR_LENGTH);
  }

  /** ready | running | blocked → skipped: the run was cancelled before the step ended. */
  public void skip(Instant now, String why) {
    move(now, StepStatus.SKIPPED, StepStatus.READY, StepStatus.RUNNING, StepStatus.BLOCKED);
    endedAt = now;
    errorMessage = truncate(why, ERROR_LENGTH);
  }

  private void move(Instant now, StepStatus to, StepStatus... allowedFrom) {
    required("now", now);
    for (var allowed : allowedFrom) {
      if (status == allowed) {
        status = to;
        return;
      }
    }
    throw new IllegalTransitionException(
        "run step " + runKey + "#" + stepIndex, status.wire(), to.wire());
  }

  public String getRunKey() {
    return runKey;
  }

  public int getStepIndex() {
    return stepIndex;
  }

  public String getPhase() {
    return phase;
  }

  public StepStatus getStatus() {
    return status;
  }

  public int getAttempts() {
    return attempts;
  }

  /** The model answer (or other decision) the step carries out; empty before one is recorded. */
  public Optional<JsonObject> getDecision() {
    return Optional.ofNullable(decision);
  }

  public String getErrorCode() {
    return errorCode;
  }

  public String getErrorMessage() {
    return errorMessage;
  }

  public Instant getStartedAt() {
    return startedAt;
  }

  public Instant getEndedAt() {
    return endedAt;
  }

  public long getVersion() {
    return version;
  }
}
