package io.reveille.memory.entity;

import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.text;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Immutable;

/**
 * The large content of a message (a tool's arguments or result, a report body), kept apart from the
 * message so that paging through the log never drags long texts along.
 *
 * <p>Immutable, like the message it belongs to. {@code messageId} is a plain reference rather than
 * a foreign key: the message and its payload are written in one transaction in no guaranteed order,
 * and both disappear with their agent anyway.
 */
@Entity
@Immutable
@Table(name = "agent_message_payloads")
@NamedQuery(
    name = "AgentMessagePayload.findByMessage",
    query =
        "SELECT p FROM AgentMessagePayload p WHERE p.messageId = :messageId"
            + " ORDER BY p.createdAt, p.id")
public class AgentMessagePayload {

  @Id
  @Column(name = "id", length = 64)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "message_id", length = 64, nullable = false, updatable = false)
  private String messageId;

  @Column(name = "content_type", length = 100, nullable = false, updatable = false)
  private String contentType;

  @Column(name = "content", nullable = false, updatable = false)
  private String content;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  protected AgentMessagePayload() {}

  /**
   * @param contentType a media type such as {@code text/markdown} or {@code application/json}
   * @param content the content itself; may be empty but not {@code null}
   */
  public AgentMessagePayload(
      String id,
      String agentId,
      String messageId,
      String contentType,
      String content,
      Instant createdAt) {
    this.id = text("id", id, 64);
    this.agentId = text("agentId", agentId, 64);
    this.messageId = text("messageId", messageId, 64);
    this.contentType = text("contentType", contentType, 100);
    this.content = required("content", content);
    this.createdAt = required("createdAt", createdAt);
  }

  public String getId() {
    return id;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getMessageId() {
    return messageId;
  }

  public String getContentType() {
    return contentType;
  }

  public String getContent() {
    return content;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
