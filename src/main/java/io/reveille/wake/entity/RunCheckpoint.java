package io.reveille.wake.entity;

import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.required;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A run's state at the end of one of its steps, written in the transaction that ends the step: the
 * phase, the step, and a small JSON cursor (the plan still ahead, the artifacts made so far, the
 * last tool call). Written once and never changed, so it carries no version.
 */
@Entity
@Table(name = "run_checkpoints")
@IdClass(RunStep.Key.class)
@NamedQuery(
    name = "RunCheckpoint.findByRun",
    query = "SELECT c FROM RunCheckpoint c WHERE c.runKey = :runKey ORDER BY c.stepIndex")
public class RunCheckpoint {

  public static final int CURSOR_LENGTH = 4000;

  /** A checkpoint between two steps of one phase (e.g. two model turns). */
  public static final String STEP_BOUNDARY = "step_boundary";

  /** A checkpoint at the end of a phase: what comes next, if anything, is another phase. */
  public static final String PHASE_BOUNDARY = "phase_boundary";

  @Id
  @Column(name = "run_key", length = WakeRunLogEntry.RUN_KEY_LENGTH, updatable = false)
  private String runKey;

  @Id
  @Column(name = "step_index", updatable = false)
  private int stepIndex;

  @Column(name = "phase", length = RunStep.PHASE_LENGTH, nullable = false, updatable = false)
  private String phase;

  @Column(name = "cursor_json", length = CURSOR_LENGTH, nullable = false, updatable = false)
  private String cursor;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "checkpoint_type", length = 24, nullable = false, updatable = false)
  private String checkpointType;

  protected RunCheckpoint() {}

  /**
   * @param type {@link #STEP_BOUNDARY} or {@link #PHASE_BOUNDARY}
   */
  public RunCheckpoint(
      String runKey, int stepIndex, String phase, String type, String cursor, Instant now) {
    this.runKey = nonBlankText("runKey", runKey, WakeRunLogEntry.RUN_KEY_LENGTH);
    this.stepIndex = stepIndex;
    this.phase = nonBlankText("phase", phase, RunStep.PHASE_LENGTH);
    if (!STEP_BOUNDARY.equals(type) && !PHASE_BOUNDARY.equals(type)) {
      throw new IllegalArgumentException(
          "a checkpoint's type is " + STEP_BOUNDARY + " or " + PHASE_BOUNDARY + ", was " + type);
    }
    this.checkpointType = type;
    this.cursor = nonBlankText("cursor", cursor, CURSOR_LENGTH);
    this.createdAt = required("now", now);
  }

  /** {@link #STEP_BOUNDARY} or {@link #PHASE_BOUNDARY}. */
  public String getCheckpointType() {
    return checkpointType;
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

  /** The cursor as JSON. */
  public String getCursor() {
    return cursor;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
