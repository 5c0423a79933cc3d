package io.reveille.wake.entity;

import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.truncate;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonNumber;
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
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One wake of one agent, keyed by its deterministic run key, from enqueue to its final status.
 *
 * <p>Why a row per run key: the key is derived from what caused the wake (subscription and batch,
 * timer and scheduled instant, session and turn), so every duplicate of a wake (a redelivered
 * message, a timer firing on two nodes, a replay after a crash) lands on the same row. The runner
 * stops when it finds the row completed; a new trigger for an agent that already has a queued wake
 * merges its tokens into that row instead of waking the agent twice ({@link #mergeTokens}, allowed
 * only while queued). The version makes "start" a compare-and-set: of two consumers starting the
 * same run, one fails at commit.
 *
 * <p>Moves: {@code queued → started → completed}; {@code queued | started → skipped}; {@code
 * started → failed}; {@code queued | started → failed} for a job given up ({@link #abandon});
 * {@code started → started} on a redelivery after a crash ({@link #restart}); {@code failed |
 * started → queued} for recovery ({@link #requeue}). {@code completed} and {@code skipped} are
 * final. Every other move throws {@link IllegalTransitionException}.
 *
 * <p>One piece: the row is its own state machine, and every move must guard the same fields under
 * the same version, so the transitions stay on the entity.
 */
@Entity
@Table(name = "wake_run_log")
@NamedQuery(
    name = "WakeRunLogEntry.tokensSince",
    query =
        "SELECT COALESCE(SUM(w.inputTokens + w.outputTokens), 0L) FROM WakeRunLogEntry w"
            + " WHERE w.agentId = :agentId AND w.startedAt >= :since AND w.runKey <> :runKey")
@NamedQuery(
    name = "WakeRunLogEntry.keysAmong",
    query = "SELECT e.runKey FROM WakeRunLogEntry e WHERE e.runKey IN :runKeys")
@NamedQuery(
    name = "WakeRunLogEntry.findByAgentNewestFirst",
    query =
        "SELECT w FROM WakeRunLogEntry w WHERE w.agentId = :agentId"
            + " ORDER BY w.createdAt DESC, w.runKey DESC")
@NamedQuery(
    name = "WakeRunLogEntry.findByAgentsAndStatus",
    query =
        "SELECT w FROM WakeRunLogEntry w WHERE w.agentId IN :agentIds AND w.status = :status"
            + " ORDER BY w.createdAt, w.runKey")
@NamedQuery(
    name = "WakeRunLogEntry.findByAgentAndStatus",
    query =
        "SELECT w FROM WakeRunLogEntry w WHERE w.agentId = :agentId AND w.status = :status"
            + " ORDER BY w.createdAt, w.runKey")
@NamedQuery(
    name = "WakeRunLogEntry.findByStatus",
    query =
        "SELECT w FROM WakeRunLogEntry w WHERE w.status = :status"
            + " ORDER BY w.createdAt, w.runKey")
@NamedQuery(
    name = "WakeRunLogEntry.findByStatusAfter",
    query =
        "SELECT w FROM WakeRunLogEntry w WHERE w.status = :status AND (w.createdAt > :createdAt"
            + " OR (w.createdAt = :createdAt AND w.runKey > :runKey))"
            + " ORDER BY w.createdAt, w.runKey")
@NamedQuery(
    name = "WakeRunLogEntry.findQueuedOfBatch",
    query =
        "SELECT w FROM WakeRunLogEntry w WHERE w.status = io.reveille.wake.entity.WakeStatus.QUEUED"
            + " AND w.logicalChangeKey = :batchId ORDER BY w.agentId")
@NamedQuery(
    name = "WakeRunLogEntry.findStartedBefore",
    query =
        "SELECT w FROM WakeRunLogEntry w WHERE w.status = io.reveille.wake.entity.WakeStatus.STARTED"
            + " AND w.startedAt < :cutoff AND (w.heartbeatAt IS NULL OR w.heartbeatAt < :cutoff)"
            + " ORDER BY w.startedAt, w.runKey")
@NamedQuery(
    name = "WakeRunLogEntry.findQueuedDueBefore",
    query =
        "SELECT w FROM WakeRunLogEntry w WHERE w.status = io.reveille.wake.entity.WakeStatus.QUEUED"
            + " AND w.createdAt < :cutoff AND (w.notBefore IS NULL OR w.notBefore < :cutoff)"
            + " ORDER BY w.createdAt, w.runKey")
@NamedQuery(
    name = "WakeRunLogEntry.heartbeat",
    query =
        "UPDATE WakeRunLogEntry w SET w.heartbeatAt = :now WHERE w.runKey IN :runKeys"
            + " AND w.owner = :owner AND w.status = io.reveille.wake.entity.WakeStatus.STARTED")
public class WakeRunLogEntry {

  /** Longest run key; a SHA-256 in hex (64) fits with room for a readable prefix. */
  public static final int RUN_KEY_LENGTH = 200;

  /**
   * Most trigger tokens one run keeps: a batch brings at most as many, and a run that keeps
   * coalescing matches counts the rest in {@link #getTokensLeftOut()}.
   */
  public static final int MAX_TOKENS = 1000;

  /** Longest stored error message; longer ones are cut. */
  public static final int ERROR_LENGTH = 2000;

  /** Longest stored run spec (a JSON document of a few numbers). */
  public static final int RUN_SPEC_LENGTH = 1000;

  /** Longest role name a run's causer is recorded by. */
  public static final int CAUSED_BY_LENGTH = 16;

  /** Longest error code. */
  public static final int ERROR_CODE_LENGTH = 64;

  /** Longest token, the same limit as a notification batch's tokens. */
  public static final int TOKEN_LENGTH = 256;

  @Id
  @Column(name = "run_key", length = RUN_KEY_LENGTH)
  private String runKey;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Convert(converter = WakeReason.Converter.class)
  @Column(name = "reason", length = 32, nullable = false, updatable = false)
  private WakeReason reason;

  /** The door the run came in through; null for runs from before it was recorded. */
  @Convert(converter = RunEntrypoint.Converter.class)
  @Column(name = "entrypoint", length = 16)
  private RunEntrypoint entrypoint;

  @Column(name = "reason_id", length = 200, updatable = false)
  private String reasonId;

  @Column(name = "thread_id", length = 200, nullable = false, updatable = false)
  private String threadId;

  @Convert(converter = WakeStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private WakeStatus status;

  /** JSON array of strings; see {@link #getTokens()}. */
  @Column(name = "tokens", nullable = false)
  private String tokens;

  @Column(name = "logical_change_key", length = 200, updatable = false)
  private String logicalChangeKey;

  @Column(name = "attempts", nullable = false)
  private int attempts;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "not_before")
  private Instant notBefore;

  @Column(name = "started_at")
  private Instant startedAt;

  @Column(name = "completed_at")
  private Instant completedAt;

  /** When the run's status last moved (its creation at first): what a change feed follows. */
  @Column(name = "updated_at")
  private Instant updatedAt;

  @Column(name = "error_message", length = ERROR_LENGTH)
  private String errorMessage;

  @Column(name = "scheduled_at", updatable = false)
  private Instant scheduledAt;

  @Column(name = "scheduled_until", updatable = false)
  private Instant scheduledUntil;

  @Column(name = "firings", updatable = false)
  private Long firings;

  @Column(name = "run_owner", length = 200)
  private String owner;

  /** Trigger tokens not kept because the run holds {@link #MAX_TOKENS} already. */
  @Column(name = "tokens_left_out", nullable = false)
  private int tokensLeftOut;

  /** Written by the owner's heartbeat (a bulk update, outside the version check); may be null. */
  @Column(name = "heartbeat_at", insertable = false, updatable = false)
  private Instant heartbeatAt;

  @Column(name = "cancel_requested_at")
  private Instant cancelRequestedAt;

  @Column(name = "input_tokens", nullable = false)
  private long inputTokens;

  @Column(name = "output_tokens", nullable = false)
  private long outputTokens;

  @Column(name = "model_calls", nullable = false)
  private int modelCalls;

  /** The budgets of the run as JSON, fixed at its first start; null for runs from before. */
  @Column(name = "run_spec", length = RUN_SPEC_LENGTH)
  private String runSpec;

  /** Why a failed run failed, as a machine-readable code (a budget's); null otherwise. */
  @Column(name = "error_code", length = ERROR_CODE_LENGTH)
  private String errorCode;

  /**
   * The role (wire name) of the person whose turn or manual wake queued the run; null for the wakes
   * Reveille makes itself. Written with the first insert, never changed.
   */
  @Column(name = "caused_by", length = CAUSED_BY_LENGTH, updatable = false)
  private String causedBy;

  /**
   * How many agent runs in a row led to the batch that woke this run (0 for a person's or another
   * system's batch, a timer, a session turn or a manual wake); a coalesced batch deepens it.
   */
  @Column(name = "cause_hops", nullable = false)
  private int causeHops;

  /**
   * JSON array of the agents that ran those runs, the earliest first; null when there were none.
   */
  @Column(name = "cause_chain")
  private String causeChain;

  /**
   * JSON object of the producing hosts' counters of the batches that woke the run, host to the
   * highest; null when none named a host and counter. See {@link #triggeredAt}.
   */
  @Column(name = "trigger_counters")
  private String triggerCounters;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected WakeRunLogEntry() {}

  /**
   * A queued wake.
   *
   * @param reasonId the subscription, timer or session that caused it, if any
   * @param threadId the message thread the run writes to
   * @param tokens the trigger tokens (empty for timers and manual wakes); duplicates collapse
   * @param logicalChangeKey the batch's cross-device change key, if any
   */
  public WakeRunLogEntry(
      String runKey,
      String agentId,
      WakeReason reason,
      String reasonId,
      String threadId,
      Collection<String> tokens,
      String logicalChangeKey,
      Instant createdAt) {
    this.runKey = nonBlankText("runKey", runKey, RUN_KEY_LENGTH);
    this.agentId = nonBlankText("agentId", agentId, 64);
    this.reason = required("reason", reason);
    this.entrypoint = RunEntrypoint.of(reason);
    this.reasonId = optionalText("reasonId", reasonId, 200);
    this.threadId = nonBlankText("threadId", threadId, 200);
    var union = Union.of(List.of(), required("tokens", tokens));
    this.tokens = write(union.kept());
    this.tokensLeftOut = union.leftOut();
    this.logicalChangeKey = optionalText("logicalChangeKey", logicalChangeKey, 200);
    this.createdAt = required("createdAt", createdAt);
    this.updatedAt = createdAt;
    this.status = WakeStatus.QUEUED;
  }

  /**
   * Names the door the run came in through when its reason alone does not ({@link
   * RunEntrypoint#of}): an operator's manual run, Reveille's own scheduled one. Before the entry is
   * first written.
   */
  public void enteredThrough(RunEntrypoint door) {
    this.entrypoint = required("entrypoint", door);
  }

  /** The door the run came in through; empty for runs from before it was recorded. */
  public java.util.Optional<RunEntrypoint> getEntrypoint() {
    return java.util.Optional.ofNullable(entrypoint);
  }

  /**
   * The nominal timer firings this wake stands for: one ({@code from} = {@code until}), or the
   * range a catch-up coalesced. Set once, before the entry is first written.
   *
   * @throws IllegalStateException if the entry is not a timer wake or its firings are set already
   */
  public void forFirings(Instant from, Instant until, long count) {
    required("from", from);
    required("until", until);
    if (reason != WakeReason.TIMER && reason != WakeReason.TIMER_CATCHUP) {
      throw new IllegalStateException("only a timer wake stands for timer firings: " + runKey);
    }
    if (scheduledAt != null) {
      throw new IllegalStateException("the firings of " + runKey + " are set already");
    }
    if (count < 1 || until.isBefore(from) || (count == 1 && !until.equals(from))) {
      throw new IllegalArgumentException(
          "firings: count " + count + " from " + from + " until " + until);
    }
    this.scheduledAt = from;
    this.scheduledUntil = until;
    this.firings = count;
  }

  /**
   * Records the role of the person who caused this wake (their session turn or manual wake), by its
   * wire name: what the run's tool calls may do without an admin's approval depends on it. Set
   * once, before the entry is first written, so it goes in with the insert and a recovered run
   * keeps it.
   *
   * @throws IllegalStateException if the wake was not caused by a person, or its causer is set
   */
  public void causedBy(String role) {
    var checked = nonBlankText("causedBy", role, CAUSED_BY_LENGTH);
    if (reason != WakeReason.MANUAL && reason != WakeReason.USER_INITIATED) {
      throw new IllegalStateException(
          "only a manual wake or a session turn is caused by a person: " + runKey);
    }
    if (causedBy != null) {
      throw new IllegalStateException("the causer of " + runKey + " is set already");
    }
    causedBy = checked;
  }

  /**
   * Records what lies behind the batch that woke this run: {@code hops} agent runs in a row, by the
   * agents of {@code chain} (the earliest first). A deeper cause replaces a shallower one, so a
   * queued run that coalesces several batches carries the deepest of them.
   *
   * @throws IllegalArgumentException if the hops are negative or the chain names more agents than
   *     hops
   */
  public void causedByChain(int hops, List<String> chain) {
    required("chain", chain);
    if (hops < 0 || chain.size() > hops) {
      throw new IllegalArgumentException(
          "a cause of " + hops + " hops cannot name " + chain.size() + " agents");
    }
    if (hops <= causeHops) {
      return;
    }
    causeHops = hops;
    causeChain = chain.isEmpty() ? null : write(chain);
  }

  /**
   * Records that a batch of {@code hostId} at {@code counter} woke (or coalesced into) this run; a
   * host's highest counter is kept. Once the run completes, the agent has processed that host's
   * notifications up to it.
   */
  public void triggeredAt(String hostId, long counter) {
    nonBlankText("hostId", hostId, 200);
    if (counter < 0) {
      throw new IllegalArgumentException("counter must not be negative: " + counter);
    }
    var counters = new TreeMap<>(getTriggerCounters());
    counters.merge(hostId, counter, Math::max);
    var json = JsonDocuments.provider().createObjectBuilder();
    counters.forEach(json::add);
    triggerCounters = json.build().toString();
  }

  /** The hosts' highest counters of the batches that woke the run; empty when none. */
  public Map<String, Long> getTriggerCounters() {
    if (triggerCounters == null) {
      return Map.of();
    }
    try (var reader = JsonDocuments.provider().createReader(new StringReader(triggerCounters))) {
      var counters = new TreeMap<String, Long>();
      reader
          .readObject()
          .forEach((host, value) -> counters.put(host, ((JsonNumber) value).longValue()));
      return Collections.unmodifiableMap(counters);
    }
  }

  /** How many agent runs in a row led to this run's wake (0 when none did). */
  public int getCauseHops() {
    return causeHops;
  }

  /** The agents of those runs, the earliest first; empty when none. */
  public List<String> getCauseChain() {
    return causeChain == null ? List.of() : read(causeChain);
  }

  /** The role of the person who caused the run, if a person did. */
  public Optional<String> getCausedBy() {
    return Optional.ofNullable(causedBy);
  }

  /**
   * Coalesces another trigger into this queued wake: its tokens join the ones already here, up to
   * {@link #MAX_TOKENS}; new tokens beyond that are counted, not kept.
   *
   * @return whether the run changed: a new token kept or counted
   * @throws ConflictException unless the run is still queued (a started run has already read its
   *     tokens; the trigger needs a wake of its own)
   */
  public boolean mergeTokens(Collection<String> more) {
    required("tokens", more);
    if (status != WakeStatus.QUEUED) {
      throw new ConflictException(
          "wake run " + runKey + " is " + status.wire() + "; tokens merge only into a queued run");
    }
    var current = getTokens();
    var union = Union.of(current, more);
    tokensLeftOut += union.leftOut();
    if (union.kept().size() == current.size()) {
      return union.leftOut() > 0;
    }
    tokens = write(union.kept());
    return true;
  }

  /**
   * Holds a queued wake until {@code deadline} (the subscription throttle); later triggers keep
   * merging into it meanwhile.
   */
  public void deferUntil(Instant deadline) {
    required("notBefore", deadline);
    if (status != WakeStatus.QUEUED) {
      throw new IllegalTransitionException("wake run " + runKey, status.wire(), "deferred");
    }
    notBefore = deadline;
  }

  /** queued → started: a runner picked the wake up; counts an attempt. */
  public void start(Instant now) {
    move(WakeStatus.QUEUED, WakeStatus.STARTED, now);
    attempts++;
    startedAt = now;
  }

  /**
   * started → started: the wake was delivered again after the runner that started it died; counts
   * another attempt.
   */
  public void restart(Instant now) {
    move(WakeStatus.STARTED, WakeStatus.STARTED, now);
    attempts++;
    startedAt = now;
  }

  /**
   * Adds the tokens and calls of model requests this run made (every attempt's; a retried run
   * spends them again).
   */
  public void addUsage(long input, long output, int calls) {
    if (input < 0 || output < 0 || calls < 0) {
      throw new IllegalArgumentException("token usage must not be negative");
    }
    inputTokens = Math.addExact(inputTokens, input);
    outputTokens = Math.addExact(outputTokens, output);
    modelCalls = Math.addExact(modelCalls, calls);
  }

  /** Records which node and boot runs this attempt ({@code <nodeId>/<bootId>}). */
  public void claim(String newOwner) {
    if (status != WakeStatus.STARTED) {
      throw new IllegalStateException("only a started run has an owner: " + runKey);
    }
    owner = required("owner", newOwner);
  }

  /** The node and boot running the current attempt; {@code null} before one started. */
  public String getOwner() {
    return owner;
  }

  public long getInputTokens() {
    return inputTokens;
  }

  public long getOutputTokens() {
    return outputTokens;
  }

  public int getModelCalls() {
    return modelCalls;
  }

  /** started → completed; final. */
  public void complete(Instant now) {
    move(WakeStatus.STARTED, WakeStatus.COMPLETED, now);
    completedAt = now;
  }

  /** queued | started → skipped; final. {@code why} is kept as the run's message. */
  public void skip(Instant now, String why) {
    skip(now, why, null);
  }

  /**
   * queued | started → skipped; final. {@code why} is kept as the run's message, and {@code code}
   * (null for none) says machine-readably why, such as a chain of agent runs refused.
   */
  public void skip(Instant now, String why, String code) {
    var checkedCode = optionalText("errorCode", code, ERROR_CODE_LENGTH);
    required("now", now);
    if (status != WakeStatus.QUEUED && status != WakeStatus.STARTED) {
      throw new IllegalTransitionException(
          "wake run " + runKey, status.wire(), WakeStatus.SKIPPED.wire());
    }
    status = WakeStatus.SKIPPED;
    completedAt = now;
    updatedAt = now;
    errorMessage = truncate(why, ERROR_LENGTH);
    errorCode = checkedCode;
  }

  /** started → failed, keeping the (possibly cut) error. */
  public void fail(Instant now, String error) {
    fail(now, error, null);
  }

  /**
   * started → failed, keeping the (possibly cut) error and a machine-readable {@code code} (null
   * for none), such as the budget that stopped the run.
   */
  public void fail(Instant now, String error, String code) {
    var checkedCode = optionalText("errorCode", code, ERROR_CODE_LENGTH);
    move(WakeStatus.STARTED, WakeStatus.FAILED, now);
    completedAt = now;
    errorMessage = truncate(error, ERROR_LENGTH);
    errorCode = checkedCode;
  }

  /**
   * Fixes the budgets the run is held to, once: the first start sets them, and a restart (or a run
   * requeued by recovery) keeps them, so that a run cannot buy itself new limits by failing over.
   *
   * @return whether the spec was set here (false: it was fixed before and stays)
   */
  public boolean fixSpec(String json) {
    var checked = nonBlankText("runSpec", json, RUN_SPEC_LENGTH);
    if (status != WakeStatus.STARTED) {
      throw new IllegalStateException("only a started run fixes its budgets: " + runKey);
    }
    if (runSpec != null) {
      return false;
    }
    runSpec = checked;
    return true;
  }

  /** The budgets the run is held to, as JSON; empty for a run from before budgets. */
  public Optional<String> getRunSpec() {
    return Optional.ofNullable(runSpec);
  }

  /** The code of a failed run's error, such as {@code budget_max_steps}; empty for none. */
  public Optional<String> getErrorCode() {
    return Optional.ofNullable(errorCode);
  }

  /**
   * queued | started → failed, for a job that will never be delivered (the broker dead-lettered it)
   * or a run given up after too many attempts: {@code why} is kept as the run's error.
   */
  public void abandon(Instant now, String why) {
    required("now", now);
    if (status != WakeStatus.QUEUED && status != WakeStatus.STARTED) {
      throw new IllegalTransitionException(
          "wake run " + runKey, status.wire(), WakeStatus.FAILED.wire());
    }
    status = WakeStatus.FAILED;
    completedAt = now;
    updatedAt = now;
    errorMessage = truncate(why, ERROR_LENGTH);
    errorCode = null;
  }

  /**
   * started → waiting: the run stops at a step boundary until a person decides (an approval, a call
   * in doubt); {@code code} says what it waits for, {@code why} the detail. Not a failure: the
   * agent's failure streak is untouched and its other runs go on.
   */
  public void park(Instant now, String code, String why) {
    var checkedCode = nonBlankText("code", code, ERROR_CODE_LENGTH);
    move(WakeStatus.STARTED, WakeStatus.WAITING, now);
    errorCode = checkedCode;
    errorMessage = truncate(why, ERROR_LENGTH);
  }

  /**
   * waiting → queued: what the run waited for was decided; it runs again from its last checkpoint
   * under the same run key, its starts counted afresh (so that {@code
   * reveille.wake.max-run-attempts} counts the starts a crash ended, not the waits).
   */
  public void resume(Instant now) {
    move(WakeStatus.WAITING, WakeStatus.QUEUED, now);
    startedAt = null;
    errorCode = null;
    errorMessage = null;
    // A decision, not a crash, ended the last start: the starts a crash may cost count afresh.
    attempts = 0;
  }

  /**
   * failed → queued: an operator runs the failed run again under its run key; its starts count
   * afresh. The last error stays until the run ends again.
   */
  public void retry(Instant now) {
    required("now", now);
    if (status != WakeStatus.FAILED) {
      throw new IllegalTransitionException(
          "wake run " + runKey, status.wire(), WakeStatus.QUEUED.wire());
    }
    status = WakeStatus.QUEUED;
    updatedAt = now;
    startedAt = null;
    completedAt = null;
    attempts = 0;
  }

  /**
   * Asks the run to stop. A queued, waiting or failed run is cancelled at once (final); a started
   * one keeps running to its next step boundary, which sees the mark and calls {@link #cancel}.
   *
   * @return whether the run is cancelled now (false: the mark waits for the next step boundary)
   * @throws IllegalTransitionException for a run that is completed, skipped or cancelled
   */
  public boolean requestCancel(Instant now, String why) {
    required("now", now);
    if (status.isFinal()) {
      throw new IllegalTransitionException(
          "wake run " + runKey, status.wire(), WakeStatus.CANCELLED.wire());
    }
    if (cancelRequestedAt == null) {
      cancelRequestedAt = now;
    }
    updatedAt = now;
    if (status == WakeStatus.STARTED) {
      return false;
    }
    status = WakeStatus.CANCELLED;
    completedAt = now;
    errorCode = null;
    errorMessage = truncate(why, ERROR_LENGTH);
    return true;
  }

  /** started → cancelled, at the step boundary that saw the cancel mark; final. */
  public void cancel(Instant now, String why) {
    move(WakeStatus.STARTED, WakeStatus.CANCELLED, now);
    completedAt = now;
    errorCode = null;
    errorMessage = truncate(why, ERROR_LENGTH);
  }

  /**
   * Whether the run ever started: it fixed its budgets then, and keeps them whatever follows
   * (resumed, retried, recovered — which count their starts afresh).
   */
  public boolean hasStarted() {
    return runSpec != null || attempts > 0;
  }

  /** When a cancel was asked of the run; null when none was. */
  public Instant getCancelRequestedAt() {
    return cancelRequestedAt;
  }

  /**
   * When the run's lease began: its start, or its owner's last heartbeat if later; null for a run
   * that has not started.
   */
  public Instant getLeaseStart() {
    if (startedAt == null) {
      return heartbeatAt;
    }
    return heartbeatAt != null && heartbeatAt.isAfter(startedAt) ? heartbeatAt : startedAt;
  }

  /** Trigger tokens left out because the run held {@link #MAX_TOKENS} already. */
  public int getTokensLeftOut() {
    return tokensLeftOut;
  }

  public boolean isQueued() {
    return status == WakeStatus.QUEUED;
  }

  public Instant getHeartbeatAt() {
    return heartbeatAt;
  }

  /**
   * failed | started → queued: recovery queues a failed run, or one a crash left started, again
   * under the same run key. The last error stays until the run ends again.
   */
  public void requeue(Instant now) {
    required("now", now);
    if (status != WakeStatus.FAILED && status != WakeStatus.STARTED) {
      throw new IllegalTransitionException(
          "wake run " + runKey, status.wire(), WakeStatus.QUEUED.wire());
    }
    status = WakeStatus.QUEUED;
    updatedAt = now;
    startedAt = null;
    completedAt = null;
  }

  private void move(WakeStatus from, WakeStatus to, Instant now) {
    required("now", now);
    if (status != from) {
      throw new IllegalTransitionException("wake run " + runKey, status.wire(), to.wire());
    }
    status = to;
    updatedAt = now;
  }

  /** When the run's status last moved; its creation for a run written before this was kept. */
  public Instant getUpdatedAt() {
    return updatedAt == null ? createdAt : updatedAt;
  }

  public String getRunKey() {
    return runKey;
  }

  public String getAgentId() {
    return agentId;
  }

  public WakeReason getReason() {
    return reason;
  }

  public String getReasonId() {
    return reasonId;
  }

  public String getThreadId() {
    return threadId;
  }

  public WakeStatus getStatus() {
    return status;
  }

  /** The trigger tokens in the order they first arrived, without duplicates; unmodifiable. */
  public List<String> getTokens() {
    return read(tokens);
  }

  private static List<String> read(String array) {
    try (var reader = JsonDocuments.provider().createReader(new StringReader(array))) {
      return reader.readArray().getValuesAs(JsonString.class).stream()
          .map(JsonString::getString)
          .toList();
    }
  }

  public String getLogicalChangeKey() {
    return logicalChangeKey;
  }

  /** How many times a runner has started this wake. */
  public int getAttempts() {
    return attempts;
  }

  /** The (first) nominal firing of a timer wake; {@code null} for other wakes. */
  public Instant getScheduledAt() {
    return scheduledAt;
  }

  /** The last nominal firing a timer wake stands for; {@code null} for other wakes. */
  public Instant getScheduledUntil() {
    return scheduledUntil;
  }

  /** How many nominal firings a timer wake stands for; {@code null} for other wakes. */
  public Long getFirings() {
    return firings;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  /** The throttle deadline of a deferred wake, or {@code null}. */
  public Instant getNotBefore() {
    return notBefore;
  }

  public Instant getStartedAt() {
    return startedAt;
  }

  /** When the run completed, was skipped or failed. */
  public Instant getCompletedAt() {
    return completedAt;
  }

  /** The error of a failed run or the reason of a skipped one (at most {@value #ERROR_LENGTH}). */
  public String getErrorMessage() {
    return errorMessage;
  }

  public long getVersion() {
    return version;
  }

  /**
   * {@code current} and then {@code more}, each token once, at most {@link #MAX_TOKENS}: the first
   * tokens are kept; {@code leftOut} counts the distinct new ones beyond the cap.
   */
  private record Union(List<String> kept, int leftOut) {
    static Union of(List<String> current, Collection<String> more) {
      var all = new LinkedHashSet<>(current);
      var leftOut = new HashSet<String>();
      for (var token : more) {
        var checked = nonBlankText("tokens[]", token, TOKEN_LENGTH);
        if (all.size() < MAX_TOKENS) {
          all.add(checked);
        } else if (!all.contains(checked)) {
          leftOut.add(checked);
        }
      }
      return new Union(List.copyOf(all), leftOut.size());
    }
  }

  private static String write(Collection<String> values) {
    var array = JsonDocuments.provider().createArrayBuilder();
    values.forEach(array::add);
    return array.build().toString();
  }
}
