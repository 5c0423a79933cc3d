package io.reveille.memory.entity;

import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.text;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonObjectConverter;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Immutable;

/**
 * One snapshot of what an agent tells its user ("here is where the task stands").
 *
 * <p>Why snapshots and a head rather than one row rewritten per wake: an agent rewrites its report
 * on every wake, and a reader must always see a complete report. Each wake writes a new immutable
 * snapshot and moves the scope's {@link AgentReportHead} to it in the same transaction, so the
 * current report is always one that committed whole, and earlier ones stay for inspection.
 */
@Entity
@Immutable
@Table(name = "agent_reports")
@NamedQuery(
    name = "AgentReport.findByAgentAndScopeNewestFirst",
    query =
        "SELECT r FROM AgentReport r WHERE r.agentId = :agentId AND r.scope = :scope"
            + " ORDER BY r.createdAt DESC, r.id DESC")
public class AgentReport {

  @Id
  @Column(name = "id", length = 64)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "scope", length = 64, nullable = false, updatable = false)
  private String scope;

  @Column(name = "content", nullable = false, updatable = false)
  private String content;

  @Column(name = "confidence", updatable = false)
  private Double confidence;

  /** Never null: the converter keeps null as null, so the constructor stores an empty object. */
  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "provenance", nullable = false, updatable = false)
  private JsonObject provenance;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  protected AgentReport() {}

  /**
   * @param scope which report of the agent this is (for example {@code current})
   * @param confidence how sure the agent is, from 0 to 1, or {@code null} when it does not say
   * @param provenance where the report comes from (run key, source message span); {@code null} is
   *     an empty object
   */
  public AgentReport(
      String id,
      String agentId,
      String scope,
      String content,
      Double confidence,
      JsonObject provenance,
      Instant createdAt) {
    this.id = text("id", id, 64);
    this.agentId = text("agentId", agentId, 64);
    this.scope = text("scope", scope, 64);
    this.content = required("content", content);
    if (confidence != null && !(confidence >= 0.0 && confidence <= 1.0)) {
      throw new InvalidInputException("confidence", "must be between 0 and 1");
    }
    this.confidence = confidence;
    this.provenance = provenance == null ? JsonValue.EMPTY_JSON_OBJECT : provenance;
    this.createdAt = required("createdAt", createdAt);
  }

  public String getId() {
    return id;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getScope() {
    return scope;
  }

  public String getContent() {
    return content;
  }

  public Double getConfidence() {
    return confidence;
  }

  public JsonObject getProvenance() {
    return provenance;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
