package io.reveille.tool.entity;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an agent asked a person from inside a run: a question ({@code ask_user}, perhaps with the
 * choices the answer must be one of) or a plan to approve or reject ({@code propose_plan}). Keyed
 * by the call's ledger key, so that a re-run of the run finds it instead of asking twice; the run
 * waits while it is open.
 *
 * <p>Moves: {@code open → answered} ({@link #answer}) and {@code open → expired} ({@link #expire});
 * both final. The version makes each a compare-and-set.
 */
@Entity
@Table(name = "agent_questions")
@NamedQuery(
    name = "AgentQuestion.findByRun",
    query = "SELECT q FROM AgentQuestion q WHERE q.runKey = :runKey ORDER BY q.createdAt, q.id")
@NamedQuery(
    name = "AgentQuestion.openByRun",
    query = "SELECT q.id FROM AgentQuestion q WHERE q.runKey = :runKey AND q.status = :status")
@NamedQuery(
    name = "AgentQuestion.due",
    query =
        "SELECT q FROM AgentQuestion q WHERE q.status = :status AND q.expiresAt <= :now"
            + " ORDER BY q.expiresAt, q.id")
public class AgentQuestion {

  public static final int MAX_QUESTION_LENGTH = 2000;
  public static final int MAX_ANSWER_LENGTH = 4000;
  public static final int MAX_CHOICES = 20;
  public static final int MAX_CHOICE_LENGTH = 200;
  public static final int ANSWERED_BY_LENGTH = 200;

  /** What was asked: a question, or a plan for approval. */
  public enum Kind {
    QUESTION,
    PLAN;

    public String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** The answers a plan takes. */
  public static final List<String> PLAN_DECISIONS = List.of("approve", "reject");

  @Id
  @Column(name = "id", length = ToolCall.KEY_LENGTH)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "run_key", length = ToolCall.KEY_LENGTH, nullable = false, updatable = false)
  private String runKey;

  @Column(name = "kind", length = 16, nullable = false, updatable = false)
  private String kind;

  @Column(name = "question", length = MAX_QUESTION_LENGTH, nullable = false, updatable = false)
  private String question;

  /** JSON array of strings; null when any answer goes. */
  @Column(name = "choices", updatable = false)
  private String choices;

  /** JSON object, a plan's steps; null for a question. */
  @Column(name = "plan", updatable = false)
  private String plan;

  @Convert(converter = QuestionStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private QuestionStatus status;

  @Column(name = "answer", length = MAX_ANSWER_LENGTH)
  private String answer;

  @Column(name = "answered_by", length = ANSWERED_BY_LENGTH)
  private String answeredBy;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "expires_at", nullable = false, updatable = false)
  private Instant expiresAt;

  @Column(name = "answered_at")
  private Instant answeredAt;

  protected AgentQuestion() {}

  /**
   * An open question.
   *
   * @param choices the answers allowed (empty: any); a plan's are {@link #PLAN_DECISIONS}
   * @param plan the plan proposed, for a {@link Kind#PLAN}
   */
  public AgentQuestion(
      String id,
      String agentId,
      String runKey,
      Kind kind,
      String question,
      List<String> choices,
      Optional<JsonObject> plan,
      Instant now,
      Instant expiresAt) {
    this.id = Objects.requireNonNull(id, "id");
    this.agentId = Objects.requireNonNull(agentId, "agentId");
    this.runKey = Objects.requireNonNull(runKey, "runKey");
    this.kind = Objects.requireNonNull(kind, "kind").wire();
    this.question = Objects.requireNonNull(question, "question");
    if (question.isBlank() || question.length() > MAX_QUESTION_LENGTH) {
      throw new IllegalArgumentException("a question is 1 to " + MAX_QUESTION_LENGTH + " chars");
    }
    var allowed = kind == Kind.PLAN ? PLAN_DECISIONS : List.copyOf(choices);
    if (!allowed.isEmpty()) {
      var array = JsonDocuments.provider().createArrayBuilder();
      allowed.forEach(array::add);
      this.choices = array.build().toString();
    }
    this.plan = plan.map(JsonObject::toString).orElse(null);
    this.status = QuestionStatus.OPEN;
    this.createdAt = Objects.requireNonNull(now, "now");
    this.expiresAt = Objects.requireNonNull(expiresAt, "expiresAt");
    if (!expiresAt.isAfter(now)) {
      throw new IllegalArgumentException("a question expires after it is asked");
    }
  }

  /**
   * A person's answer, {@code by} whom.
   *
   * @throws InvalidInputException naming {@code answer} when it is blank, too long or not one of
   *     the choices
   * @throws ConflictException when the question is no longer open
   */
  public void answer(String text, String by, Instant now) {
    requireOpen();
    if (text == null || text.isBlank() || text.length() > MAX_ANSWER_LENGTH) {
      throw new InvalidInputException(
          "answer", "must be 1 to " + MAX_ANSWER_LENGTH + " characters");
    }
    var allowed = getChoices();
    if (!allowed.isEmpty() && !allowed.contains(text)) {
      throw new InvalidInputException("answer", "must be one of " + allowed);
    }
    answer = text;
    answeredBy = Objects.requireNonNull(by, "by");
    answeredAt = Objects.requireNonNull(now, "now");
    status = QuestionStatus.ANSWERED;
  }

  /** No answer came in time: the question is closed without one. */
  public void expire(Instant now) {
    requireOpen();
    answeredAt = Objects.requireNonNull(now, "now");
    status = QuestionStatus.EXPIRED;
  }

  private void requireOpen() {
    if (status != QuestionStatus.OPEN) {
      throw new ConflictException("question " + id + " is " + status.wire() + " already");
    }
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getRunKey() {
    return runKey;
  }

  public Kind getKind() {
    return Kind.valueOf(kind.toUpperCase(java.util.Locale.ROOT));
  }

  public String getQuestion() {
    return question;
  }

  /** The answers allowed; empty when any answer goes. */
  public List<String> getChoices() {
    if (choices == null) {
      return List.of();
    }
    try (var reader = JsonDocuments.provider().createReader(new StringReader(choices))) {
      return reader.readArray().getValuesAs(JsonString::getString);
    }
  }

  /** The plan proposed, for a plan. */
  public Optional<JsonObject> getPlan() {
    if (plan == null) {
      return Optional.empty();
    }
    try (var reader = JsonDocuments.provider().createReader(new StringReader(plan))) {
      return Optional.of(reader.readObject());
    }
  }

  public QuestionStatus getStatus() {
    return status;
  }

  public Optional<String> getAnswer() {
    return Optional.ofNullable(answer);
  }

  public Optional<String> getAnsweredBy() {
    return Optional.ofNullable(answeredBy);
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getExpiresAt() {
    return expiresAt;
  }

  /** When it was answered or expired. */
  public Optional<Instant> getAnsweredAt() {
    return Optional.ofNullable(answeredAt);
  }
}
