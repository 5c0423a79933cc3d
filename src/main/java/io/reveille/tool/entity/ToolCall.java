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
import org.hibernate.annotations.DialectOverride;
import org.hibernate.annotations.SQLInsert;
import org.hibernate.dialect.DerbyDialect;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.jdbc.Expectation;

/**
 * One entry of the tool-call ledger, keyed by the call's idempotency key.
 *
 * <p>Why a ledger row per key, written in the same transaction as the effect: a wake that is
 * retried or replayed derives the same keys (from its run key and the action), finds the rows and
 * returns the stored receipts instead of acting twice. The key is the primary key, so two nodes
 * reserving the same call at once cannot both succeed; the version makes every move a
 * compare-and-set.
 *
 * <p>Moves: {@code pending → running} ({@link #start}); {@code pending | running → succeeded}
 * ({@link #succeed}) or {@code → failed} ({@link #fail}) — straight from pending when the tool ran
 * inside the transaction that records it; {@code failed | running → running} ({@link #retry}: a
 * retry under the same key, or a call a crash left running taken over); {@code pending | running |
 * failed → cancelled} ({@link #cancel}). {@code succeeded} and {@code cancelled} are final. Every
 * move that begins an execution counts an attempt.
 *
 * <p>An external call (an HTTP request to another system) adds: the {@code Idempotency-Key} it
 * sends ({@link #sendsIdempotencyKey}); {@code running} marked in doubt ({@link #markInDoubt}) when
 * the request was sent and its answer lost, so nobody knows whether it took effect; {@code running
 * → running} without an attempt while a stale call is reconciled ({@link #reconcile}); and a
 * person's resolution of a running call ({@link #resolveApplied}, {@link #resolveNotApplied}).
 */
@Entity
@Table(name = "tool_calls")
// A row whose key is taken is not inserted, and the count of none fails the flush as an optimistic
// lock failure, not a unique violation the driver and Hibernate log as an error: a call made
// without looking up its key first (a replayed operation id is the rare case) learns that way that
// its key was taken. The columns are Hibernate's own insert's, in its order (the attributes'
// names, then the key). Derby has no ON CONFLICT, and a MERGE cannot name the key before the
// values Hibernate binds first: the row is selected from its values unless the key exists, each
// parameter cast to its column's type (Derby types no bare parameter in a VALUES list).
@DialectOverride.SQLInsert(
    dialect = PostgreSQLDialect.class,
    override =
        @SQLInsert(
            sql =
                "insert into tool_calls ("
                    + ToolCall.COLUMNS
                    + ")"
                    + " values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
                    + " on conflict (idempotency_key) do nothing",
            verify = Expectation.RowCount.class))
@DialectOverride.SQLInsert(
    dialect = DerbyDialect.class,
    override =
        @SQLInsert(
            sql =
                "insert into tool_calls ("
                    + ToolCall.COLUMNS
                    + ")"
                    + " select * from (values (cast(? as varchar(64)), cast(? as varchar(64)),"
                    + " cast(? as clob), cast(? as integer), cast(? as timestamp),"
                    + " cast(? as varchar(100)), cast(? as varchar(2000)),"
                    + " cast(? as varchar(200)), cast(? as varchar(64)), cast(? as varchar(200)),"
                    + " cast(? as varchar(2000)), cast(? as varchar(200)), cast(? as clob),"
                    + " cast(? as varchar(200)), cast(? as varchar(16)), cast(? as varchar(16)),"
                    + " cast(? as integer), cast(? as varchar(100)), cast(? as timestamp),"
                    + " cast(? as bigint), cast(? as varchar(200))))"
                    + " v (c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16,"
                    + " c17, c18, c19, c20, c21)"
                    + " where not exists"
                    + " (select 1 from tool_calls t where t.idempotency_key = v.c21)",
            verify = Expectation.RowCount.class))
@NamedQuery(
    name = "ToolCall.findByRunKey",
    query =
        "SELECT c FROM ToolCall c WHERE c.runKey = :runKey"
            + " ORDER BY c.createdAt, c.idempotencyKey")
@NamedQuery(
    name = "ToolCall.findByAgentNewestFirst",
    query =
        "SELECT c FROM ToolCall c WHERE c.agentId = :agentId"
            + " ORDER BY c.createdAt DESC, c.idempotencyKey DESC")
@NamedQuery(
    name = "ToolCall.findByExternalKey",
    query =
        "SELECT c FROM ToolCall c WHERE c.agentId = :agentId"
            + " AND c.externalIdempotencyKey = :externalKey")
@NamedQuery(
    name = "ToolCall.findByStatusUpdatedBefore",
    query =
        "SELECT c FROM ToolCall c WHERE c.status = :status AND c.updatedAt < :before"
            + " ORDER BY c.updatedAt, c.idempotencyKey")
public class ToolCall {

  /** The columns of a row as Hibernate inserts it, in its order (the custom inserts above). */
  static final String COLUMNS =
      "action_id,agent_id,arguments,attempts,created_at,error_code,error_message,"
          + "external_correlation_id,external_idempotency_key,operation_id,resolution_note,"
          + "resolved_by,result,run_key,side_effect_class,status,step_index,tool_name,updated_at,"
          + "version,"
          + "idempotency_key";

  public static final int KEY_LENGTH = 200;
  public static final int ERROR_LENGTH = 2000;

  @Id
  @Column(name = "idempotency_key", length = KEY_LENGTH)
  private String idempotencyKey;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "run_key", length = 200, updatable = false)
  private String runKey;

  @Column(name = "tool_name", length = 100, nullable = false, updatable = false)
  private String toolName;

  /** The step of its run that made the call; null outside runs (and for rows from before). */
  @Column(name = "step_index")
  private Integer stepIndex;

  @Column(name = "operation_id", length = 200, updatable = false)
  private String operationId;

  @Convert(converter = ToolSideEffect.Converter.class)
  @Column(name = "side_effect_class", length = 16, nullable = false, updatable = false)
  private ToolSideEffect sideEffect;

  @Convert(converter = ToolCallStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private ToolCallStatus status;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "arguments", nullable = false, updatable = false)
  private JsonObject arguments;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "result")
  private JsonObject result;

  @Column(name = "error_code", length = 100)
  private String errorCode;

  @Column(name = "error_message", length = ERROR_LENGTH)
  private String errorMessage;

  @Column(name = "external_correlation_id", length = 200)
  private String externalCorrelationId;

  @Column(name = "external_idempotency_key", length = 64)
  private String externalIdempotencyKey;

  @Column(name = "action_id", length = 64)
  private String actionId;

  @Column(name = "resolved_by", length = 200)
  private String resolvedBy;

  @Column(name = "resolution_note", length = ERROR_LENGTH)
  private String resolutionNote;

  @Column(name = "attempts", nullable = false)
  private int attempts;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected ToolCall() {}

  /**
   * Reserves the key: a pending call that has not run yet.
   *
   * @param runKey the wake run making the call, {@code null} for a call made over the API
   * @param operationId the caller's operation id the key was derived from, if any
   * @param arguments the arguments as given (canonical JSON), never {@code null}
   */
  public ToolCall(
      String idempotencyKey,
      String agentId,
      String runKey,
      String toolName,
      String operationId,
      ToolSideEffect sideEffect,
      JsonObject arguments,
      Instant now) {
    this.idempotencyKey = nonBlankText("idempotencyKey", idempotencyKey, KEY_LENGTH);
    this.agentId = nonBlankText("agentId", agentId, 64);
    this.runKey = optionalText("runKey", runKey, 200);
    this.toolName = nonBlankText("toolName", toolName, 100);
    this.operationId = optionalText("operationId", operationId, 200);
    this.sideEffect = required("sideEffect", sideEffect);
    this.arguments = required("arguments", arguments);
    this.createdAt = required("now", now);
    this.updatedAt = now;
    this.status = ToolCallStatus.PENDING;
  }

  /** Names the step of its run that made the call, before the row is first written. */
  public void madeAtStep(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("a step index is 0 or more, was " + index);
    }
    this.stepIndex = index;
  }

  /** The step of its run that made the call, if a run's step did. */
  public java.util.OptionalInt getStepIndex() {
    return stepIndex == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(stepIndex);
  }

  /** The error code that marks a running call in doubt. */
  public static final String IN_DOUBT = "in_doubt";

  /** The error code of a call a person said did not take effect. */
  public static final String NOT_APPLIED = "not_applied";

  /** pending → running: execution begins (an external call is about to be sent). */
  public void start(Instant now) {
    move(now, ToolCallStatus.RUNNING, ToolCallStatus.PENDING);
    attempts++;
  }

  /**
   * Records the {@code Idempotency-Key} every attempt of this external call sends: once, before the
   * call is final; the same key again is accepted, another one refused.
   */
  public void sendsIdempotencyKey(String key) {
    var value = nonBlankText("externalIdempotencyKey", key, 64);
    if (value.equals(externalIdempotencyKey)) {
      return;
    }
    if (status.isFinal() || externalIdempotencyKey != null) {
      throw new IllegalTransitionException(
          "tool call " + idempotencyKey, status.wire(), status.wire() + " (keyed)");
    }
    externalIdempotencyKey = value;
  }

  /** Remembers the action message the current execution answers. */
  public void answers(String actionId) {
    this.actionId = nonBlankText("actionId", actionId, 64);
  }

  /**
   * running → running, marked in doubt: the request was sent and no answer came. The call stays
   * running (it may have taken effect) until it is reconciled or a person resolves it.
   */
  public void markInDoubt(Instant now, String why) {
    move(now, ToolCallStatus.RUNNING, ToolCallStatus.RUNNING);
    this.errorCode = IN_DOUBT;
    this.errorMessage = truncate(nonBlankText("why", why, Integer.MAX_VALUE), ERROR_LENGTH);
  }

  /** Whether the call is running with an unknown outcome. */
  public boolean isInDoubt() {
    return status == ToolCallStatus.RUNNING && IN_DOUBT.equals(errorCode);
  }

  /**
   * running → running without an attempt: an execution takes over a stale or in-doubt call to ask
   * the provider what became of it. A compare-and-set on the version like every move, so only one
   * execution reconciles.
   */
  public void reconcile(Instant now) {
    move(now, ToolCallStatus.RUNNING, ToolCallStatus.RUNNING);
  }

  /**
   * running in doubt → succeeded by a person who checked that the call took effect: {@code result}
   * is the receipt a replay returns.
   */
  public void resolveApplied(Instant now, JsonObject result, String by, String note) {
    required("result", result);
    var who = nonBlankText("by", by, 200);
    requireInDoubt(ToolCallStatus.SUCCEEDED);
    move(now, ToolCallStatus.SUCCEEDED, ToolCallStatus.RUNNING);
    this.result = result;
    this.errorCode = null;
    this.errorMessage = null;
    this.resolvedBy = who;
    this.resolutionNote = truncate(note, ERROR_LENGTH);
  }

  /**
   * running in doubt → failed by a person who checked that the call did not take effect: a retry
   * under the same key sends it again.
   */
  public void resolveNotApplied(Instant now, String by, String note) {
    var who = nonBlankText("by", by, 200);
    requireInDoubt(ToolCallStatus.FAILED);
    move(now, ToolCallStatus.FAILED, ToolCallStatus.RUNNING);
    this.errorCode = NOT_APPLIED;
    this.errorMessage = "resolved by " + who + ": the call did not take effect";
    this.resolvedBy = who;
    this.resolutionNote = truncate(note, ERROR_LENGTH);
  }

  /**
   * pending | running → succeeded: stores the receipt; the key never runs again. Clears the error
   * of an earlier failed attempt.
   */
  public void succeed(Instant now, JsonObject result) {
    required("result", result);
    var from = move(now, ToolCallStatus.SUCCEEDED, ToolCallStatus.PENDING, ToolCallStatus.RUNNING);
    if (from == ToolCallStatus.PENDING) {
      attempts++;
    }
    this.result = result;
    this.errorCode = null;
    this.errorMessage = null;
  }

  /** pending | running → failed: stores the error (the message cut to {@value #ERROR_LENGTH}). */
  public void fail(Instant now, String errorCode, String errorMessage) {
    var code = nonBlankText("errorCode", errorCode, 100);
    var from = move(now, ToolCallStatus.FAILED, ToolCallStatus.PENDING, ToolCallStatus.RUNNING);
    if (from == ToolCallStatus.PENDING) {
      attempts++;
    }
    this.errorCode = code;
    this.errorMessage = truncate(errorMessage, ERROR_LENGTH);
  }

  /**
   * failed | running → running: runs the call again under the same key, after a failure or when a
   * call a crashed node left running is taken over. Whether another attempt is within budget is the
   * caller's decision ({@link #getAttempts()}).
   */
  public void retry(Instant now) {
    var from = move(now, ToolCallStatus.RUNNING, ToolCallStatus.FAILED, ToolCallStatus.RUNNING);
    attempts++;
    if (from == ToolCallStatus.RUNNING && IN_DOUBT.equals(errorCode)) {
      // Sent again: a live attempt again, no longer in doubt until it, too, loses its answer.
      errorCode = null;
      errorMessage = null;
    }
  }

  /** pending | running | failed → cancelled: gives the call up; final. */
  public void cancel(Instant now, String why) {
    move(
        now,
        ToolCallStatus.CANCELLED,
        ToolCallStatus.PENDING,
        ToolCallStatus.RUNNING,
        ToolCallStatus.FAILED);
    if (why != null) {
      this.errorMessage = truncate(why, ERROR_LENGTH);
    }
  }

  /**
   * Remembers the provider's id for the request (message id, request id), so that a call left
   * running can be reconciled by asking the provider instead of sending again.
   */
  public void recordExternalCorrelationId(String correlationId, Instant now) {
    var value = nonBlankText("externalCorrelationId", correlationId, 200);
    required("now", now);
    if (status.isFinal()) {
      throw new IllegalTransitionException(
          "tool call " + idempotencyKey, status.wire(), status.wire() + " (correlated)");
    }
    externalCorrelationId = value;
    updatedAt = now;
  }

  /**
   * A person's resolution settles a call whose outcome nothing else will learn; a running call that
   * is not in doubt is in flight, and its own attempt will settle it, perhaps differently.
   */
  private void requireInDoubt(ToolCallStatus to) {
    if (status == ToolCallStatus.RUNNING && !isInDoubt()) {
      throw new IllegalTransitionException(
          "tool call " + idempotencyKey, "running (in flight, not in doubt)", to.wire());
    }
  }

  private ToolCallStatus move(Instant now, ToolCallStatus to, ToolCallStatus... allowedFrom) {
    required("now", now);
    var from = status;
    for (var allowed : allowedFrom) {
      if (from == allowed) {
        status = to;
        updatedAt = now;
        return from;
      }
    }
    throw new IllegalTransitionException("tool call " + idempotencyKey, from.wire(), to.wire());
  }

  public String getIdempotencyKey() {
    return idempotencyKey;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getRunKey() {
    return runKey;
  }

  public String getToolName() {
    return toolName;
  }

  public String getOperationId() {
    return operationId;
  }

  public ToolSideEffect getSideEffect() {
    return sideEffect;
  }

  public ToolCallStatus getStatus() {
    return status;
  }

  public JsonObject getArguments() {
    return arguments;
  }

  /** The stored receipt of a succeeded call, {@code null} otherwise. */
  public JsonObject getResult() {
    return result;
  }

  public String getErrorCode() {
    return errorCode;
  }

  public String getErrorMessage() {
    return errorMessage;
  }

  public String getExternalCorrelationId() {
    return externalCorrelationId;
  }

  /** The {@code Idempotency-Key} an external call sends, {@code null} for other calls. */
  public String getExternalIdempotencyKey() {
    return externalIdempotencyKey;
  }

  /** The action message the call's latest execution answers, when recorded. */
  public String getActionId() {
    return actionId;
  }

  /** Who resolved the call by hand, {@code null} when nobody did. */
  public String getResolvedBy() {
    return resolvedBy;
  }

  public String getResolutionNote() {
    return resolutionNote;
  }

  /** How many executions have begun under this key. */
  public int getAttempts() {
    return attempts;
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
