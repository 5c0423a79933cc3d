package io.reveille.agent.entity;

import static io.reveille.platform.entity.Guards.idArgument;

import io.reveille.platform.error.ConflictException;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQueries;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;

/**
 * A typed, directed relation between two agent-domain records: agent → state, agent → head message,
 * message → previous message, and so on.
 *
 * <p>Relations are rows of their own rather than foreign-key columns so that records stay immutable
 * and append-only (a new message adds a link instead of rewriting its predecessor) and sync can
 * ship each link on its own. The ends are plain ids of whatever the type relates, hence no foreign
 * keys: links of a deleted agent are removed explicitly. There is at most one link per {@code
 * (from, to, type)}; removing one marks it deleted so that the removal syncs too.
 */
@Entity
@Table(name = "agent_links")
@NamedQueries({
  @NamedQuery(
      name = "AgentLink.deleteByEndpoint",
      query = "DELETE FROM AgentLink l WHERE l.fromId = :id OR l.toId = :id"),
  @NamedQuery(
      name = "AgentLink.findFrom",
      query =
          "SELECT l FROM AgentLink l WHERE l.fromId = :fromId AND l.type = :type"
              + " AND l.deletedAt IS NULL ORDER BY l.createdAt, l.id"),
  @NamedQuery(
      name = "AgentLink.findTo",
      query =
          "SELECT l FROM AgentLink l WHERE l.toId = :toId AND l.type = :type"
              + " AND l.deletedAt IS NULL ORDER BY l.createdAt, l.id"),
  @NamedQuery(
      name = "AgentLink.find",
      query =
          "SELECT l FROM AgentLink l WHERE l.fromId = :fromId AND l.toId = :toId"
              + " AND l.type = :type")
})
public class AgentLink {

  public static final int MAX_ID_LENGTH = 64;

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "from_id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String fromId;

  @Column(name = "to_id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String toId;

  @Convert(converter = AgentLinkType.Converter.class)
  @Column(name = "link_type", length = 32, nullable = false, updatable = false)
  private AgentLinkType type;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Column(name = "deleted_at")
  private Instant deletedAt;

  protected AgentLink() {}

  public AgentLink(String id, String fromId, String toId, AgentLinkType type, Instant now) {
    this.id = idArgument("id", id, MAX_ID_LENGTH);
    this.fromId = idArgument("fromId", fromId, MAX_ID_LENGTH);
    this.toId = idArgument("toId", toId, MAX_ID_LENGTH);
    this.type = Objects.requireNonNull(type, "type");
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /** Removes the link, keeping the row as a tombstone so the removal syncs. */
  public void delete(Instant now) {
    if (deletedAt != null) {
      throw new ConflictException("link " + id + " is already deleted");
    }
    deletedAt = Objects.requireNonNull(now, "now");
    updatedAt = now;
  }

  /** Brings a deleted link back; the unique {@code (from, to, type)} allows no second row. */
  public void restore(Instant now) {
    if (deletedAt == null) {
      throw new ConflictException("link " + id + " is not deleted");
    }
    deletedAt = null;
    updatedAt = Objects.requireNonNull(now, "now");
  }

  public boolean isDeleted() {
    return deletedAt != null;
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getFromId() {
    return fromId;
  }

  public String getToId() {
    return toId;
  }

  public AgentLinkType getType() {
    return type;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  /** When the link was removed; {@code null} while it stands. */
  public Instant getDeletedAt() {
    return deletedAt;
  }

  @Override
  public String toString() {
    return "AgentLink["
        + fromId
        + " -"
        + type.wire()
        + "-> "
        + toId
        + (isDeleted() ? ", deleted" : "")
        + "]";
  }
}
