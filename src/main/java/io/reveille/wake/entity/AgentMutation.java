package io.reveille.wake.entity;

import static io.reveille.platform.entity.Guards.idArgument;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * That a run of an agent changed a journal entity, and when it last did: what the second layer of
 * self-notification suppression compares untagged batches with.
 *
 * <p>One row per agent and entity; a later change by the same agent refreshes it. The time only
 * moves forward, so a late, out-of-order record never shortens the suppression window.
 */
@Entity
@IdClass(AgentMutation.Key.class)
@Table(name = "agent_mutations")
@NamedQuery(
    name = "AgentMutation.findRecent",
    query =
        "SELECT m FROM AgentMutation m WHERE m.agentId IN :agentIds AND m.entityId IN :entityIds"
            + " AND m.mutatedAt >= :since")
@NamedQuery(
    name = "AgentMutation.deleteOlderThan",
    query = "DELETE FROM AgentMutation m WHERE m.mutatedAt < :cutoff")
public class AgentMutation {

  /** Longest entity id a mutation can name (the column's width). */
  public static final int MAX_ENTITY_ID_LENGTH = 256;

  @Id
  @Column(name = "agent_id", length = 64)
  private String agentId;

  @Id
  @Column(name = "entity_id", length = MAX_ENTITY_ID_LENGTH)
  private String entityId;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "run_key", length = 200, nullable = false)
  private String runKey;

  @Column(name = "mutated_at", nullable = false)
  private Instant mutatedAt;

  protected AgentMutation() {}

  public AgentMutation(String agentId, String entityId, String runKey, Instant mutatedAt) {
    this.agentId = idArgument("agentId", agentId, 64);
    this.entityId = idArgument("entityId", entityId, MAX_ENTITY_ID_LENGTH);
    this.runKey = idArgument("runKey", runKey, 200);
    this.mutatedAt = Objects.requireNonNull(mutatedAt, "mutatedAt");
  }

  /** Another change of the same entity by the same agent, in run {@code runKey}. */
  public void touch(String runKey, Instant at) {
    this.runKey = idArgument("runKey", runKey, 200);
    Objects.requireNonNull(at, "at");
    if (at.isAfter(mutatedAt)) {
      this.mutatedAt = at;
    }
  }

  public String getAgentId() {
    return agentId;
  }

  public String getEntityId() {
    return entityId;
  }

  public long getVersion() {
    return version;
  }

  public String getRunKey() {
    return runKey;
  }

  public Instant getMutatedAt() {
    return mutatedAt;
  }

  /** The composite primary key. */
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    private String agentId;
    private String entityId;

    protected Key() {}

    public Key(String agentId, String entityId) {
      this.agentId = agentId;
      this.entityId = entityId;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key key
          && Objects.equals(agentId, key.agentId)
          && Objects.equals(entityId, key.entityId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(agentId, entityId);
    }
  }
}
