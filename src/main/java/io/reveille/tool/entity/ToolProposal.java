package io.reveille.tool.entity;

import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.truncate;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.json.JsonObjectConverter;
import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Optional;

/**
 * A tool call an agent made inside a run that waits for a person's decision, with what it would do.
 *
 * <p>Keyed by the call's ledger key: a re-run of the run derives the same operation id, so it finds
 * this proposal (and, once approved, the ledger's receipt) instead of proposing twice. It keeps the
 * preview (the planned changes, as the tool's {@code previewOnly} showed them) and the versions of
 * the journal rows the preview read, so that approval applies exactly that plan or nothing: when
 * any of those rows changed since, the proposal is {@code refused}.
 *
 * <p>Moves: {@code pending → approved} ({@link #approve}), {@code → rejected} ({@link #reject}),
 * {@code → refused} ({@link #refuse}); all three are final. The version makes every move a
 * compare-and-set.
 */
@Entity
@Table(name = "tool_proposals")
@NamedQuery(
    name = "ToolProposal.findByAgentNewestFirst",
    query =
        "SELECT p FROM ToolProposal p WHERE p.agentId = :agentId"
            + " ORDER BY p.createdAt DESC, p.id DESC")
@NamedQuery(
    name = "ToolProposal.findByAgentAndStatusNewestFirst",
    query =
        "SELECT p FROM ToolProposal p WHERE p.agentId = :agentId AND p.status = :status"
            + " ORDER BY p.createdAt DESC, p.id DESC")
@NamedQuery(
    name = "ToolProposal.findByRun",
    query = "SELECT p FROM ToolProposal p WHERE p.runKey = :runKey ORDER BY p.createdAt, p.id")
@NamedQuery(
    name = "ToolProposal.countByAgentAndStatus",
    query = "SELECT COUNT(p) FROM ToolProposal p WHERE p.agentId = :agentId AND p.status = :status")
public class ToolProposal {

  public static final int KEY_LENGTH = ToolCall.KEY_LENGTH;
  public static final int REASON_LENGTH = 2000;
  public static final int DECIDED_BY_LENGTH = 200;

  @Id
  @Column(name = "id", length = KEY_LENGTH)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "run_key", length = 200, nullable = false, updatable = false)
  private String runKey;

  @Column(name = "thread_id", length = 200, nullable = false, updatable = false)
  private String threadId;

  @Column(name = "tool_name", length = 100, nullable = false, updatable = false)
  private String toolName;

  @Column(name = "operation_id", length = 200, nullable = false, updatable = false)
  private String operationId;

  @Column(name = "wake_reason", length = 32, nullable = false, updatable = false)
  private String wakeReason;

  @Column(name = "held_as", length = 32, nullable = false, updatable = false)
  private String heldAs;

  @Column(name = "action_message_id", length = 64, nullable = false, updatable = false)
  private String actionMessageId;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "arguments", nullable = false, updatable = false)
  private JsonObject arguments;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "preview", nullable = false, updatable = false)
  private JsonObject preview;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "target_versions", nullable = false, updatable = false)
  private JsonObject targetVersions;

  @Convert(converter = ProposalStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private ProposalStatus status;

  @Column(name = "decided_by", length = DECIDED_BY_LENGTH)
  private String decidedBy;

  @Column(name = "decided_at")
  private Instant decidedAt;

  @Column(name = "reason", length = REASON_LENGTH)
  private String reason;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "applied_result")
  private JsonObject appliedResult;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected ToolProposal() {}

  /** What a held call is and would do; what the agent was told is recorded as its own messages. */
  public record Call(
      String agentId,
      String runKey,
      String threadId,
      String toolName,
      String operationId,
      String wakeReason,
      JsonObject arguments) {}

  /**
   * A pending proposal.
   *
   * @param id the call's ledger key
   * @param heldAs the error code the call was answered with ({@code awaiting_approval} or {@code
   *     proposed}), which a repeat of the call gets again while the proposal is pending
   * @param actionMessageId the {@code action} message that logged the call
   * @param preview the planned changes ({@code payload}, {@code changedEntityIds}, {@code
   *     changedTokens})
   * @param targetVersions the journal rows the preview read, with their versions
   */
  public ToolProposal(
      String id,
      Call call,
      String heldAs,
      String actionMessageId,
      JsonObject preview,
      JsonObject targetVersions,
      Instant now) {
    this.id = nonBlankText("id", id, KEY_LENGTH);
    required("call", call);
    this.agentId = nonBlankText("agentId", call.agentId(), 64);
    this.runKey = nonBlankText("runKey", call.runKey(), 200);
    this.threadId = nonBlankText("threadId", call.threadId(), 200);
    this.toolName = nonBlankText("toolName", call.toolName(), 100);
    this.operationId = nonBlankText("operationId", call.operationId(), 200);
    this.wakeReason = nonBlankText("wakeReason", call.wakeReason(), 32);
    this.arguments = required("arguments", call.arguments());
    this.heldAs = nonBlankText("heldAs", heldAs, 32);
    this.actionMessageId = nonBlankText("actionMessageId", actionMessageId, 64);
    this.preview = required("preview", preview);
    this.targetVersions = required("targetVersions", targetVersions);
    this.createdAt = required("now", now);
    this.updatedAt = now;
    this.status = ProposalStatus.PENDING;
  }

  /** pending → approved: applied as previewed; {@code result} is the receipt of the call. */
  public void approve(String by, Instant now, JsonObject result) {
    required("result", result);
    decide(ProposalStatus.APPROVED, by, now, null);
    this.appliedResult = result;
  }

  /**
   * pending → approved, for a call that is sent after the decision commits (an external tool's,
   * which must never be sent inside a transaction): the decision is recorded first, so a rejection
   * can no longer race the sending; what came of it follows with {@link #recordSent}.
   */
  public void approveForSending(String by, Instant now) {
    decide(ProposalStatus.APPROVED, by, now, null);
  }

  /**
   * approved → approved with the result of sending the call (success or error), once.
   *
   * @throws IllegalTransitionException unless approved for sending and without a result yet
   */
  public void recordSent(Instant now, JsonObject result) {
    required("result", result);
    required("now", now);
    if (status != ProposalStatus.APPROVED || appliedResult != null) {
      throw new IllegalTransitionException("proposal " + id, status.wire(), "sent");
    }
    this.appliedResult = result;
    this.updatedAt = now;
  }

  /** pending → rejected: a person said no; nothing changes. */
  public void reject(String by, Instant now, String why) {
    decide(ProposalStatus.REJECTED, by, now, why);
  }

  /** pending → withdrawn: the agent that proposed it took it back for {@code why}. */
  public void withdraw(String by, Instant now, String why) {
    decide(
        ProposalStatus.WITHDRAWN,
        by,
        now,
        nonBlankText("reason", truncate(why, REASON_LENGTH), REASON_LENGTH));
  }

  /**
   * pending → refused: what the proposal would change is no longer what the preview saw, so it is
   * not applied; {@code why} names what changed.
   */
  public void refuse(String by, Instant now, String why) {
    decide(
        ProposalStatus.REFUSED,
        by,
        now,
        nonBlankText("reason", truncate(why, REASON_LENGTH), REASON_LENGTH));
  }

  private void decide(ProposalStatus to, String by, Instant at, String why) {
    var who = nonBlankText("decidedBy", by, DECIDED_BY_LENGTH);
    required("now", at);
    if (status != ProposalStatus.PENDING) {
      throw new IllegalTransitionException("proposal " + id, status.wire(), to.wire());
    }
    this.reason = optionalText("reason", why == null || why.isBlank() ? null : why, REASON_LENGTH);
    this.status = to;
    this.decidedBy = who;
    this.decidedAt = at;
    this.updatedAt = at;
  }

  public String getId() {
    return id;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getRunKey() {
    return runKey;
  }

  public String getThreadId() {
    return threadId;
  }

  public String getToolName() {
    return toolName;
  }

  public String getOperationId() {
    return operationId;
  }

  public String getWakeReason() {
    return wakeReason;
  }

  public String getHeldAs() {
    return heldAs;
  }

  public String getActionMessageId() {
    return actionMessageId;
  }

  public JsonObject getArguments() {
    return arguments;
  }

  public JsonObject getPreview() {
    return preview;
  }

  public JsonObject getTargetVersions() {
    return targetVersions;
  }

  public ProposalStatus getStatus() {
    return status;
  }

  public Optional<String> getDecidedBy() {
    return Optional.ofNullable(decidedBy);
  }

  public Optional<Instant> getDecidedAt() {
    return Optional.ofNullable(decidedAt);
  }

  public Optional<String> getReason() {
    return Optional.ofNullable(reason);
  }

  public Optional<JsonObject> getAppliedResult() {
    return Optional.ofNullable(appliedResult);
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
