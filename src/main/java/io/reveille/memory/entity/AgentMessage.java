package io.reveille.memory.entity;

import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import org.hibernate.annotations.Immutable;

/**
 * One entry of an agent's append-only message log.
 *
 * <p>Why one row per message, chained by {@code prevMessageId}, and never a list on a parent: an
 * append writes one new row however long the history is, concurrent readers never see a
 * half-rewritten history, and a sync peer receives only what is new. A message never changes once
 * written, so it is {@code @Immutable} and has no version.
 *
 * <p>A summary message stands for the span {@code summaryStartMessageId..summaryEndMessageId} of
 * older messages (raw messages stay; they remain the source of truth). Its depth is 1 for a summary
 * of raw messages and one more than the deepest summary it folds in. Only summaries carry a span;
 * the constructor refuses anything else.
 */
@Entity
@Immutable
@Table(name = "agent_messages")
@NamedQuery(
    name = "AgentMessage.findByThreadNewestFirst",
    query =
        "SELECT m FROM AgentMessage m WHERE m.agentId = :agentId AND m.threadId = :threadId"
            + " ORDER BY m.createdAt DESC, m.id DESC")
@NamedQuery(
    name = "AgentMessage.findByTriggerOldestFirst",
    query =
        "SELECT m FROM AgentMessage m WHERE m.agentId = :agentId"
            + " AND m.triggerSourceId = :triggerSourceId ORDER BY m.createdAt, m.id")
@NamedQuery(
    name = "AgentMessage.findByKindOldestFirst",
    query =
        "SELECT m FROM AgentMessage m WHERE m.agentId = :agentId AND m.kind = :kind"
            + " ORDER BY m.createdAt, m.id")
public class AgentMessage {

  static final int ID_LENGTH = 64;
  static final int THREAD_ID_LENGTH = 200;
  static final int REFERENCE_LENGTH = 200;

  /**
   * The longest text a message keeps in its own row (a tool call's arguments and result, a run's
   * closing note, a turn of conversation, as a rule); a longer one goes to a payload row. The same
   * as PostgreSQL's threshold for moving a value out of line, so a page of the log stays about as
   * heavy as before.
   */
  public static final int INLINE_CONTENT_LENGTH = 2000;

  @Id
  @Column(name = "id", length = ID_LENGTH)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "thread_id", length = THREAD_ID_LENGTH, nullable = false, updatable = false)
  private String threadId;

  @Convert(converter = AgentMessageKind.Converter.class)
  @Column(name = "message_kind", length = 16, nullable = false, updatable = false)
  private AgentMessageKind kind;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "prev_message_id", length = ID_LENGTH, updatable = false)
  private String prevMessageId;

  @Column(name = "content_entry_id", length = REFERENCE_LENGTH, updatable = false)
  private String contentEntryId;

  /**
   * The message's text when it is short enough to travel with the message itself (at most {@link
   * #INLINE_CONTENT_LENGTH} characters); a longer text is a payload row named by {@code
   * contentEntryId}. Empty is a text; {@code null} means none here.
   */
  @Column(name = "content", length = INLINE_CONTENT_LENGTH, updatable = false)
  private String content;

  @Column(name = "trigger_source_id", length = REFERENCE_LENGTH, updatable = false)
  private String triggerSourceId;

  @Column(name = "summary_start_message_id", length = ID_LENGTH, updatable = false)
  private String summaryStartMessageId;

  @Column(name = "summary_end_message_id", length = ID_LENGTH, updatable = false)
  private String summaryEndMessageId;

  @Column(name = "summary_depth", nullable = false, updatable = false)
  private int summaryDepth;

  @Column(name = "tokens_approx", nullable = false, updatable = false)
  private int tokensApprox;

  @Convert(converter = AgentMessageMetadata.Converter.class)
  @Column(name = "metadata", nullable = false, updatable = false)
  private AgentMessageMetadata metadata;

  /** Every observation's priority ({@code routine} unless given); {@code null} for other kinds. */
  @Convert(converter = ObservationPriority.Converter.class)
  @Column(name = "observation_priority", length = 16, updatable = false)
  private ObservationPriority observationPriority;

  protected AgentMessage() {}

  /**
   * A complete log entry; {@link #builder} reads better for all but summaries.
   *
   * @param prevMessageId the previous message of the thread, {@code null} for the first one
   * @param contentEntryId the payload (or journal entry) holding large content, if any
   * @param triggerSourceId what caused this message (a notification batch, a run key), if known
   * @param summaryStartMessageId first message of the summarised span; only for summaries
   * @param summaryEndMessageId last message of the summarised span; only for summaries
   * @param summaryDepth at least 1 for summaries, 0 otherwise
   * @throws InvalidInputException if any of the invariants above does not hold
   */
  public AgentMessage(
      String id,
      String agentId,
      String threadId,
      AgentMessageKind kind,
      Instant createdAt,
      String prevMessageId,
      String contentEntryId,
      String triggerSourceId,
      String summaryStartMessageId,
      String summaryEndMessageId,
      int summaryDepth,
      int tokensApprox,
      AgentMessageMetadata metadata) {
    this.id = nonBlankText("id", id, ID_LENGTH);
    this.agentId = nonBlankText("agentId", agentId, 64);
    this.threadId = nonBlankText("threadId", threadId, THREAD_ID_LENGTH);
    this.kind = required("kind", kind);
    this.createdAt = required("createdAt", createdAt);
    this.prevMessageId = optionalText("prevMessageId", prevMessageId, ID_LENGTH);
    if (id.equals(prevMessageId)) {
      throw new InvalidInputException("prevMessageId", "a message cannot follow itself");
    }
    this.contentEntryId = optionalText("contentEntryId", contentEntryId, REFERENCE_LENGTH);
    this.triggerSourceId = optionalText("triggerSourceId", triggerSourceId, REFERENCE_LENGTH);
    this.summaryStartMessageId =
        optionalText("summaryStartMessageId", summaryStartMessageId, ID_LENGTH);
    this.summaryEndMessageId = optionalText("summaryEndMessageId", summaryEndMessageId, ID_LENGTH);
    if (kind == AgentMessageKind.SUMMARY) {
      required("summaryStartMessageId", summaryStartMessageId);
      required("summaryEndMessageId", summaryEndMessageId);
      if (summaryDepth < 1) {
        throw new InvalidInputException("summaryDepth", "a summary has a depth of at least 1");
      }
      if (id.equals(summaryStartMessageId) || id.equals(summaryEndMessageId)) {
        throw new InvalidInputException(
            "summaryStartMessageId", "a summary cannot be part of the span it summarises");
      }
    } else {
      if (summaryStartMessageId != null || summaryEndMessageId != null) {
        throw new InvalidInputException(
            "summaryStartMessageId",
            "only a summary message has a summary span, not a " + kind.wire() + " message");
      }
      if (summaryDepth != 0) {
        throw new InvalidInputException(
            "summaryDepth",
            "only a summary message has a summary depth, not a " + kind.wire() + " message");
      }
    }
    this.summaryDepth = summaryDepth;
    if (tokensApprox < 0) {
      throw new InvalidInputException("tokensApprox", "must not be negative");
    }
    this.tokensApprox = tokensApprox;
    this.metadata = required("metadata", metadata);
    this.observationPriority =
        kind == AgentMessageKind.OBSERVATION ? ObservationPriority.ROUTINE : null;
  }

  /** Starts a message that is not a summary; the optional fields default to empty. */
  public static Builder builder(
      String id, String agentId, String threadId, AgentMessageKind kind, Instant createdAt) {
    return new Builder(id, agentId, threadId, kind, createdAt);
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

  public AgentMessageKind getKind() {
    return kind;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public String getPrevMessageId() {
    return prevMessageId;
  }

  /** The text kept in the message's own row, if it has one there (see {@link #content}). */
  public Optional<String> getInlineContent() {
    return Optional.ofNullable(content);
  }

  public String getContentEntryId() {
    return contentEntryId;
  }

  public String getTriggerSourceId() {
    return triggerSourceId;
  }

  public String getSummaryStartMessageId() {
    return summaryStartMessageId;
  }

  public String getSummaryEndMessageId() {
    return summaryEndMessageId;
  }

  public int getSummaryDepth() {
    return summaryDepth;
  }

  public int getTokensApprox() {
    return tokensApprox;
  }

  public AgentMessageMetadata getMetadata() {
    return metadata;
  }

  /** The priority of an observation; empty for every other kind. */
  public java.util.Optional<ObservationPriority> getObservationPriority() {
    return java.util.Optional.ofNullable(observationPriority);
  }

  public boolean isSummary() {
    return kind == AgentMessageKind.SUMMARY;
  }

  @Override
  public String toString() {
    return "AgentMessage[" + id + ", " + kind.wire() + " in " + threadId + "]";
  }

  /** Collects the optional parts of a message; {@link #build} applies every guard. */
  public static final class Builder {
    private final String id;
    private final String agentId;
    private final String threadId;
    private final AgentMessageKind kind;
    private final Instant createdAt;
    private String prevMessageId;
    private String contentEntryId;
    private String content;
    private String triggerSourceId;
    private String summaryStartMessageId;
    private String summaryEndMessageId;
    private int summaryDepth;
    private int tokensApprox;
    private AgentMessageMetadata metadata = AgentMessageMetadata.empty();
    private ObservationPriority observationPriority;

    private Builder(
        String id, String agentId, String threadId, AgentMessageKind kind, Instant createdAt) {
      this.id = id;
      this.agentId = agentId;
      this.threadId = threadId;
      this.kind = kind;
      this.createdAt = createdAt;
    }

    public Builder prevMessageId(String value) {
      this.prevMessageId = value;
      return this;
    }

    public Builder contentEntryId(String value) {
      this.contentEntryId = value;
      return this;
    }

    /** A text of at most {@link #INLINE_CONTENT_LENGTH} characters, kept in the message's row. */
    public Builder content(String value) {
      this.content = value;
      return this;
    }

    public Builder triggerSourceId(String value) {
      this.triggerSourceId = value;
      return this;
    }

    /** The span a summary message stands for; only for {@link AgentMessageKind#SUMMARY}. */
    public Builder summarySpan(String startMessageId, String endMessageId, int depth) {
      this.summaryStartMessageId = startMessageId;
      this.summaryEndMessageId = endMessageId;
      this.summaryDepth = depth;
      return this;
    }

    public Builder tokensApprox(int value) {
      this.tokensApprox = value;
      return this;
    }

    public Builder metadata(AgentMessageMetadata value) {
      this.metadata = value;
      return this;
    }

    /**
     * @throws InvalidInputException if the message would break an invariant
     */
    /** An observation's priority; refused for any other kind. */
    public Builder observationPriority(ObservationPriority value) {
      observationPriority = value;
      return this;
    }

    public AgentMessage build() {
      if (observationPriority != null && kind != AgentMessageKind.OBSERVATION) {
        throw new InvalidInputException(
            "observationPriority",
            "only an observation has a priority, not a " + kind.wire() + " message");
      }
      if (content != null && content.length() > INLINE_CONTENT_LENGTH) {
        throw new InvalidInputException(
            "content",
            "at most "
                + INLINE_CONTENT_LENGTH
                + " characters travel with a message; a longer text is a payload");
      }
      if (content != null && contentEntryId != null) {
        throw new InvalidInputException(
            "content", "a message carries its text itself or names a payload, not both");
      }
      var message = create();
      message.content = content;
      if (observationPriority != null) {
        message.observationPriority = observationPriority;
      }
      return message;
    }

    private AgentMessage create() {
      return new AgentMessage(
          id,
          agentId,
          threadId,
          kind,
          createdAt,
          prevMessageId,
          contentEntryId,
          triggerSourceId,
          summaryStartMessageId,
          summaryEndMessageId,
          summaryDepth,
          tokensApprox,
          metadata);
    }
  }
}
