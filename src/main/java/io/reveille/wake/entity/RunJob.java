package io.reveille.wake.entity;

import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Optional;

/**
 * A job: a run an operator started with an objective and a definition of done ({@code POST
 * /api/runs}). Its spec (constraints, stop conditions, expected artifacts, escalation, budgets) is
 * fixed when it is made; what ended it — the stop condition that held and the artifact it produced
 * — is written once ({@link #finish}). Goes with its run.
 */
@Entity
@Table(name = "run_jobs")
public class RunJob {

  public static final int MAX_OBJECTIVE_LENGTH = 4000;
  public static final int MAX_SPEC_LENGTH = 32_000;
  public static final int STOPPED_BY_LENGTH = 400;
  public static final int CREATED_BY_LENGTH = 200;

  @Id
  @Column(name = "run_key", length = WakeRunLogEntry.RUN_KEY_LENGTH)
  private String runKey;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "objective", length = MAX_OBJECTIVE_LENGTH, nullable = false, updatable = false)
  private String objective;

  /** The job's spec as JSON (everything but the objective). */
  @Column(name = "spec", nullable = false, updatable = false)
  private String spec;

  /** SHA-256 of the request that made the job, to tell a retried request from another one. */
  @Column(name = "request_hash", length = 64, nullable = false, updatable = false)
  private String requestHash;

  @Column(name = "created_by", length = CREATED_BY_LENGTH, updatable = false)
  private String createdBy;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "stopped_by", length = STOPPED_BY_LENGTH)
  private String stoppedBy;

  @Column(name = "final_artifact", length = RunArtifact.MAX_NAME_LENGTH)
  private String finalArtifact;

  @Column(name = "done_at")
  private Instant doneAt;

  protected RunJob() {}

  public RunJob(
      String runKey,
      String agentId,
      String objective,
      String spec,
      String requestHash,
      String createdBy,
      Instant now) {
    this.runKey = nonBlankText("runKey", runKey, WakeRunLogEntry.RUN_KEY_LENGTH);
    this.agentId = nonBlankText("agentId", agentId, 64);
    this.objective = nonBlankText("objective", objective, MAX_OBJECTIVE_LENGTH);
    this.spec = nonBlankText("spec", spec, MAX_SPEC_LENGTH);
    this.requestHash = nonBlankText("requestHash", requestHash, 64);
    this.createdBy = optionalText("createdBy", createdBy, CREATED_BY_LENGTH);
    this.createdAt = required("now", now);
  }

  /**
   * Records what ended the job: the stop condition that held and the artifact it produced (none
   * when it produced none). Once: a run that ended is not ended again, and a re-run that finds its
   * job ended keeps what it found.
   *
   * @return whether this call recorded it
   */
  public boolean finish(String stoppedBy, Optional<String> finalArtifact, Instant now) {
    if (doneAt != null) {
      return false;
    }
    this.stoppedBy = nonBlankText("stoppedBy", truncated(stoppedBy), STOPPED_BY_LENGTH);
    this.finalArtifact =
        optionalText("finalArtifact", finalArtifact.orElse(null), RunArtifact.MAX_NAME_LENGTH);
    this.doneAt = required("now", now);
    return true;
  }

  private static String truncated(String text) {
    return text != null && text.length() > STOPPED_BY_LENGTH
        ? text.substring(0, STOPPED_BY_LENGTH)
        : text;
  }

  public String getRunKey() {
    return runKey;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getObjective() {
    return objective;
  }

  public String getSpec() {
    return spec;
  }

  public String getRequestHash() {
    return requestHash;
  }

  public Optional<String> getCreatedBy() {
    return Optional.ofNullable(createdBy);
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Optional<String> getStoppedBy() {
    return Optional.ofNullable(stoppedBy);
  }

  public Optional<String> getFinalArtifact() {
    return Optional.ofNullable(finalArtifact);
  }

  public Optional<Instant> getDoneAt() {
    return Optional.ofNullable(doneAt);
  }

  public long getVersion() {
    return version;
  }
}
