package io.reveille.memory.entity;

import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.text;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import jakarta.persistence.Version;
import java.time.Instant;

/**
 * Which report snapshot is current for one scope of an agent; the only mutable part of a report.
 *
 * <p>One head per {@code (agentId, scope)}, enforced by a unique constraint, so two wakes creating
 * the first report of a scope at once cannot both win. Moving the head is versioned: of two
 * concurrent wakes, the second to commit fails instead of silently hiding the first one's report.
 */
@Entity
@Table(
    name = "agent_report_heads",
    uniqueConstraints =
        @UniqueConstraint(
            name = "uq_agent_report_heads_agent_scope",
            columnNames = {"agent_id", "scope"}))
@NamedQuery(
    name = "AgentReportHead.findByAgentAndScope",
    query = "SELECT h FROM AgentReportHead h WHERE h.agentId = :agentId AND h.scope = :scope")
public class AgentReportHead {

  @Id
  @Column(name = "id", length = 64)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "scope", length = 64, nullable = false, updatable = false)
  private String scope;

  @Column(name = "report_id", length = 64, nullable = false)
  private String reportId;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected AgentReportHead() {}

  /** The head of a scope's first report. */
  public AgentReportHead(String id, String agentId, String scope, String reportId, Instant now) {
    this.id = text("id", id, 64);
    this.agentId = text("agentId", agentId, 64);
    this.scope = text("scope", scope, 64);
    this.reportId = text("reportId", reportId, 64);
    this.updatedAt = required("updatedAt", now);
  }

  /** Makes {@code reportId} the current report of this scope. */
  public void pointTo(String reportId, Instant now) {
    this.reportId = text("reportId", reportId, 64);
    this.updatedAt = required("updatedAt", now);
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

  public String getReportId() {
    return reportId;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  public long getVersion() {
    return version;
  }
}
