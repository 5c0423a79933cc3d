package io.reveille.workingstate.entity;

import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.text;

import io.reveille.platform.json.JsonObjectConverter;
import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import jakarta.persistence.Version;
import java.time.Instant;

/**
 * The stored working state of one agent thread: its document (the JSON form of the control
 * package's {@code WorkingState}), rewritten whole on every change.
 *
 * <p>One row per {@code (agentId, threadId)}, enforced by a unique constraint. Versioned: of two
 * writers that read the same state, the second to commit fails instead of silently dropping the
 * first one's change (the control layer also takes the agent's state lock first, so they queue).
 */
@Entity
@Table(
    name = "agent_working_states",
    uniqueConstraints =
        @UniqueConstraint(
            name = "uq_agent_working_states_thread",
            columnNames = {"agent_id", "thread_id"}))
@NamedQuery(
    name = "AgentWorkingState.findByThread",
    query =
        "SELECT s FROM AgentWorkingState s WHERE s.agentId = :agentId AND s.threadId = :threadId")
@NamedQuery(
    name = "AgentWorkingState.versionOfThread",
    query =
        "SELECT s.version FROM AgentWorkingState s WHERE s.agentId = :agentId"
            + " AND s.threadId = :threadId")
@NamedQuery(
    name = "AgentWorkingState.ownOrLatestRun",
    query =
        "SELECT s FROM AgentWorkingState s WHERE s.agentId = :agentId"
            + " AND (s.threadId = :threadId OR s.threadId LIKE :runs)"
            + " ORDER BY CASE WHEN s.threadId = :threadId THEN 0 ELSE 1 END, s.updatedAt DESC,"
            + " s.threadId")
public class AgentWorkingState {

  public static final int THREAD_ID_LENGTH = 200;

  @Id
  @Column(name = "id", length = 64)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "thread_id", length = THREAD_ID_LENGTH, nullable = false, updatable = false)
  private String threadId;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "document", nullable = false)
  private JsonObject document;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected AgentWorkingState() {}

  /** The first state of a thread. */
  public AgentWorkingState(
      String id, String agentId, String threadId, JsonObject document, Instant now) {
    this.id = text("id", id, 64);
    this.agentId = text("agentId", agentId, 64);
    this.threadId = text("threadId", threadId, THREAD_ID_LENGTH);
    this.document = required("document", document);
    this.createdAt = required("createdAt", now);
    this.updatedAt = now;
  }

  /** Replaces the document with the next state's. */
  public void rewrite(JsonObject next, Instant now) {
    this.document = required("document", next);
    this.updatedAt = required("updatedAt", now);
  }

  public String getId() {
    return id;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getThreadId() {
    return threadId;
  }

  public JsonObject getDocument() {
    return document;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  public long getVersion() {
    return version;
  }
}
