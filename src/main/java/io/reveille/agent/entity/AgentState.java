package io.reveille.agent.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An agent's durable state, one row per agent: its slots, its wake schedule, its memory pointers
 * and how far it has processed each host's notifications.
 *
 * <p>Kept apart from {@link Agent} because it changes on every wake while the agent's identity and
 * configuration rarely do; each has its own version, so a wake and an operator's rename do not
 * fight. Two wake deadlines are kept apart on purpose: {@code nextWakeAt} is the subscription
 * throttle (a notification before it is deferred to it), {@code scheduledWakeAt} is the next timer
 * wake, which bypasses the throttle. Synced between sites.
 */
@Entity
@Table(name = "agent_states")
@NamedQuery(
    name = "AgentState.findByAgentIdsInOrder",
    query = "SELECT s FROM AgentState s WHERE s.agentId IN :agentIds ORDER BY s.agentId")
@NamedQuery(
    name = "AgentState.findByAgentId",
    query = "SELECT s FROM AgentState s WHERE s.agentId = :agentId")
public class AgentState {

  @Id
  @Column(name = "id", length = 64, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Convert(converter = AgentSlots.Converter.class)
  @Column(name = "slots", nullable = false)
  private AgentSlots slots;

  @Column(name = "last_wake_at")
  private Instant lastWakeAt;

  @Column(name = "next_wake_at")
  private Instant nextWakeAt;

  @Column(name = "scheduled_wake_at")
  private Instant scheduledWakeAt;

  @Column(name = "sleep_until")
  private Instant sleepUntil;

  @Column(name = "recent_head_message_id", length = 64)
  private String recentHeadMessageId;

  @Column(name = "latest_summary_message_id", length = 64)
  private String latestSummaryMessageId;

  @Column(name = "consecutive_failure_count", nullable = false)
  private int consecutiveFailureCount;

  @Column(name = "wake_counter", nullable = false)
  private long wakeCounter;

  @Convert(converter = CounterMapConverter.class)
  @Column(name = "processed_counter_by_host", nullable = false)
  private Map<String, Long> processedCounterByHost = Map.of();

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected AgentState() {}

  public AgentState(String id, String agentId, AgentSlots slots, Instant now) {
    this.id = Objects.requireNonNull(id, "id");
    this.agentId = Objects.requireNonNull(agentId, "agentId");
    this.slots = Objects.requireNonNull(slots, "slots");
    this.updatedAt = Objects.requireNonNull(now, "now");
  }

  public void replaceSlots(AgentSlots newSlots, Instant now) {
    slots = Objects.requireNonNull(newSlots, "slots");
    changed(now);
  }

  /**
   * Counts one more wake and returns its number. The counter is persisted and only grows, so wake
   * numbers stay unique across restarts and nodes (the version check serialises concurrent
   * increments).
   */
  public long nextWakeCounter(Instant now) {
    wakeCounter = Math.addExact(wakeCounter, 1);
    changed(now);
    return wakeCounter;
  }

  /** The agent woke at {@code now}. */
  public void recordWake(Instant now) {
    lastWakeAt = Objects.requireNonNull(now, "now");
    changed(now);
  }

  /** A wake failed; the streak drives back-off and, at a limit, pausing the agent. */
  public void recordFailure(Instant now) {
    consecutiveFailureCount = Math.addExact(consecutiveFailureCount, 1);
    changed(now);
  }

  /**
   * A wake failed and the next subscription wake waits until {@code backoffUntil}; returns the
   * failure streak, which drives the back-off and, at a limit, pausing the agent.
   */
  public int recordFailure(Instant now, Instant backoffUntil) {
    recordFailure(now);
    if (backoffUntil.isAfter(now) && (nextWakeAt == null || backoffUntil.isAfter(nextWakeAt))) {
      nextWakeAt = backoffUntil;
    }
    return consecutiveFailureCount;
  }

  /** An operator resumed the agent: the failure streak that paused it is forgiven. */
  public void resetFailures(Instant now) {
    consecutiveFailureCount = 0;
    nextWakeAt = null;
    changed(now);
  }

  /** A wake succeeded: the failure streak ends. */
  public void recordSuccess(Instant now) {
    consecutiveFailureCount = 0;
    changed(now);
  }

  /** Sets the subscription throttle: notification wakes before {@code deadline} are deferred. */
  public void deferUntil(Instant deadline) {
    nextWakeAt = Objects.requireNonNull(deadline, "deadline");
  }

  public void clearDeferral() {
    nextWakeAt = null;
  }

  /** Whether a notification wake at {@code now} falls inside the throttle window. */
  public boolean isDeferred(Instant now) {
    return nextWakeAt != null && now.isBefore(nextWakeAt);
  }

  /** Records when the agent's timer fires next; independent of the throttle. */
  public void scheduleWake(Instant at) {
    scheduledWakeAt = Objects.requireNonNull(at, "at");
  }

  public void clearScheduledWake() {
    scheduledWakeAt = null;
  }

  /** The agent asked not to be woken before {@code until}. */
  public void sleepUntil(Instant until) {
    sleepUntil = Objects.requireNonNull(until, "until");
  }

  public void clearSleep() {
    sleepUntil = null;
  }

  public boolean isAsleep(Instant now) {
    return sleepUntil != null && now.isBefore(sleepUntil);
  }

  /** The newest message of the agent's log is now {@code messageId}. */
  public void advanceHead(String messageId, Instant now) {
    recentHeadMessageId = Objects.requireNonNull(messageId, "messageId");
    changed(now);
  }

  /** The newest summary of the agent's log is now {@code messageId}. */
  public void recordSummary(String messageId, Instant now) {
    latestSummaryMessageId = Objects.requireNonNull(messageId, "messageId");
    changed(now);
  }

  /**
   * Records that the agent has processed {@code hostId}'s notifications up to {@code counter}. The
   * watermark only moves forward, so a late or redelivered batch cannot move it back.
   *
   * @return whether the watermark moved
   */
  public boolean recordProcessedCounter(String hostId, long counter) {
    Objects.requireNonNull(hostId, "hostId");
    if (hostId.isBlank()) {
      throw new IllegalArgumentException("hostId must not be blank");
    }
    if (counter < 0) {
      throw new IllegalArgumentException("counter must not be negative: " + counter);
    }
    var current = processedCounterByHost.get(hostId);
    if (current != null && counter <= current) {
      return false;
    }
    // Replaced, never mutated: callers hold the unmodifiable map the getter returned.
    var counters = new HashMap<>(processedCounterByHost);
    counters.put(hostId, counter);
    processedCounterByHost = Map.copyOf(counters);
    return true;
  }

  private void changed(Instant now) {
    updatedAt = Objects.requireNonNull(now, "now");
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

  public AgentSlots getSlots() {
    return slots;
  }

  public Instant getLastWakeAt() {
    return lastWakeAt;
  }

  /** The subscription throttle deadline; {@code null} when not throttled. */
  public Instant getNextWakeAt() {
    return nextWakeAt;
  }

  /** The timer's next wake; {@code null} when none is scheduled. */
  public Instant getScheduledWakeAt() {
    return scheduledWakeAt;
  }

  public Instant getSleepUntil() {
    return sleepUntil;
  }

  public String getRecentHeadMessageId() {
    return recentHeadMessageId;
  }

  public String getLatestSummaryMessageId() {
    return latestSummaryMessageId;
  }

  public int getConsecutiveFailureCount() {
    return consecutiveFailureCount;
  }

  public long getWakeCounter() {
    return wakeCounter;
  }

  /** Unmodifiable: host id → the highest notification counter processed from it. */
  public Map<String, Long> getProcessedCounterByHost() {
    return processedCounterByHost;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  @Override
  public String toString() {
    return "AgentState[" + id + " of agent " + agentId + ", v" + version + "]";
  }
}
