package io.reveille.sync.control;

import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.sync.control.Register.Version;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiPredicate;

/**
 * The part of an agent's state that sites share (never its runtime state: run status, failure
 * streak, active run), as registers of the writes each site made, and how two sites' copies merge:
 *
 * <ul>
 *   <li>a write whose clock has seen another's supersedes it, field by field, whatever its site;
 *   <li>{@code lifecycle}: of concurrent writes, {@code destroyed > dormant > active > created};
 *   <li>{@code nextWakeAt}: of concurrent writes, the earliest wake (a wake is not lost), and a
 *       written wake over a cleared one; {@code sleepUntil}: the latest sleep barrier (a sleep is
 *       not lost), a written barrier over a cleared one;
 *   <li>the memory pointers ({@code recentHeadMessageId}, {@code latestSummaryMessageId}): a
 *       message that descends from the other's, when the caller knows their ancestry; else the
 *       later by the clocks' tie-break order, then by (host, message id);
 *   <li>{@code slots}: slot by slot, the later write by the slot's own clock (its {@code
 *       slotUpdatedAt}), then by the clocks' tie-break order, then by host;
 *   <li>{@code processedCounterByHost}: the greatest counter of each host.
 * </ul>
 *
 * No rule reads a wall clock or an {@code updatedAt}: two sites whose clocks disagree by minutes
 * still decide the same. Every rule is a function of the kept writes alone, and merging keeps the
 * same writes whatever the order of arrival, so merging is commutative, associative and idempotent
 * and any two sites that saw the same writes resolve the same state. Immutable.
 */
public record SharedAgentState(
    Register<AgentLifecycle> lifecycle,
    Register<Instant> nextWakeAt,
    Register<Instant> sleepUntil,
    Register<String> recentHeadMessageId,
    Register<String> latestSummaryMessageId,
    Map<String, Register<String>> slots,
    Map<String, Long> processedCounterByHost) {

  /** Who wins among concurrent lifecycles: the later in this list. */
  private static final Comparator<AgentLifecycle> PRECEDENCE =
      Comparator.comparingInt(
          lifecycle ->
              switch (lifecycle) {
                case CREATED -> 0;
                case ACTIVE -> 1;
                case DORMANT -> 2;
                case DESTROYED -> 3;
              });

  public SharedAgentState {
    Objects.requireNonNull(lifecycle, "lifecycle");
    Objects.requireNonNull(nextWakeAt, "nextWakeAt");
    Objects.requireNonNull(sleepUntil, "sleepUntil");
    Objects.requireNonNull(recentHeadMessageId, "recentHeadMessageId");
    Objects.requireNonNull(latestSummaryMessageId, "latestSummaryMessageId");
    slots = Map.copyOf(new TreeMap<>(slots));
    processedCounterByHost = Map.copyOf(new TreeMap<>(processedCounterByHost));
  }

  /** The state of an agent nothing was written to yet. */
  public static SharedAgentState empty() {
    return new SharedAgentState(
        Register.empty(),
        Register.empty(),
        Register.empty(),
        Register.empty(),
        Register.empty(),
        Map.of(),
        Map.of());
  }

  /** The least clock that has seen every kept write of this state. */
  public VectorClock clock() {
    var clock =
        VectorClock.empty()
            .merge(lifecycle.clock())
            .merge(nextWakeAt.clock())
            .merge(sleepUntil.clock())
            .merge(recentHeadMessageId.clock())
            .merge(latestSummaryMessageId.clock());
    for (var slot : slots.values()) {
      clock = clock.merge(slot.clock());
    }
    return clock;
  }

  /** This state and {@code other} merged: each field's writes, less those superseded. */
  public SharedAgentState merge(SharedAgentState other) {
    var mergedSlots = new TreeMap<>(slots);
    other.slots.forEach((key, register) -> mergedSlots.merge(key, register, Register::merge));
    var counters = new TreeMap<>(processedCounterByHost);
    other.processedCounterByHost.forEach(
        (host, counter) -> counters.merge(host, counter, Math::max));
    return new SharedAgentState(
        lifecycle.merge(other.lifecycle),
        nextWakeAt.merge(other.nextWakeAt),
        sleepUntil.merge(other.sleepUntil),
        recentHeadMessageId.merge(other.recentHeadMessageId),
        latestSummaryMessageId.merge(other.latestSummaryMessageId),
        mergedSlots,
        counters);
  }

  /** A write of the lifecycle at {@code clock} by {@code host}. */
  public SharedAgentState withLifecycle(AgentLifecycle value, VectorClock clock, String host) {
    Objects.requireNonNull(value, "value");
    return edit(d -> d.lifecycle = d.lifecycle.write(value, clock, host));
  }

  /** A write of the next wake (null clears it) at {@code clock} by {@code host}. */
  public SharedAgentState withNextWakeAt(Instant value, VectorClock clock, String host) {
    return edit(d -> d.nextWakeAt = d.nextWakeAt.write(value, clock, host));
  }

  /** A write of the sleep barrier (null clears it) at {@code clock} by {@code host}. */
  public SharedAgentState withSleepUntil(Instant value, VectorClock clock, String host) {
    return edit(d -> d.sleepUntil = d.sleepUntil.write(value, clock, host));
  }

  /** A write of the newest message pointer at {@code clock} by {@code host}. */
  public SharedAgentState withRecentHead(String messageId, VectorClock clock, String host) {
    Objects.requireNonNull(messageId, "messageId");
    return edit(d -> d.recentHead = d.recentHead.write(messageId, clock, host));
  }

  /** A write of the latest summary pointer at {@code clock} by {@code host}. */
  public SharedAgentState withLatestSummary(String messageId, VectorClock clock, String host) {
    Objects.requireNonNull(messageId, "messageId");
    return edit(d -> d.latestSummary = d.latestSummary.write(messageId, clock, host));
  }

  /**
   * A write of one slot (its value as JSON text; null clears it) at {@code clock} by {@code host}.
   */
  public SharedAgentState withSlot(String key, String json, VectorClock clock, String host) {
    return edit(d -> d.slots.merge(key, Register.of(json, clock, host), Register::merge));
  }

  /** {@code host}'s counter processed up to {@code counter} (never lowered). */
  public SharedAgentState withProcessed(String host, long counter) {
    return edit(d -> d.processed.merge(host, counter, Math::max));
  }

  /** This state with one change made to a draft of it. */
  private SharedAgentState edit(java.util.function.Consumer<Draft> change) {
    var draft = new Draft(this);
    change.accept(draft);
    return new SharedAgentState(
        draft.lifecycle,
        draft.nextWakeAt,
        draft.sleepUntil,
        draft.recentHead,
        draft.latestSummary,
        draft.slots,
        draft.processed);
  }

  /** The fields of a state while one of them changes. */
  private static final class Draft {
    Register<AgentLifecycle> lifecycle;
    Register<Instant> nextWakeAt;
    Register<Instant> sleepUntil;
    Register<String> recentHead;
    Register<String> latestSummary;
    final TreeMap<String, Register<String>> slots;
    final TreeMap<String, Long> processed;

    Draft(SharedAgentState state) {
      lifecycle = state.lifecycle;
      nextWakeAt = state.nextWakeAt;
      sleepUntil = state.sleepUntil;
      recentHead = state.recentHeadMessageId;
      latestSummary = state.latestSummaryMessageId;
      slots = new TreeMap<>(state.slots);
      processed = new TreeMap<>(state.processedCounterByHost);
    }
  }

  /** The shared state as every site reads it: one value per field. */
  public record Resolved(
      Optional<AgentLifecycle> lifecycle,
      Optional<Instant> nextWakeAt,
      Optional<Instant> sleepUntil,
      Optional<String> recentHeadMessageId,
      Optional<String> latestSummaryMessageId,
      Map<String, String> slots,
      Map<String, Long> processedCounterByHost) {}

  /**
   * The value of every field by the rules above; {@code descends} says whether a message descends
   * from another (is later in its thread), as far as the caller knows (false when it does not).
   */
  public Resolved resolve(BiPredicate<String, String> descends) {
    var resolvedSlots = new TreeMap<String, String>();
    slots.forEach(
        (key, register) ->
            register.latest().map(Version::value).ifPresent(v -> resolvedSlots.put(key, v)));
    return new Resolved(
        lifecycle.resolve(Comparator.comparing(Version::value, PRECEDENCE)).map(Version::value),
        nextWakeAt
            .resolve(
                Comparator.comparing(
                    Version::value, Comparator.nullsFirst(Comparator.<Instant>reverseOrder())))
            .map(Version::value),
        sleepUntil
            .resolve(
                Comparator.comparing(
                    Version::value, Comparator.nullsFirst(Comparator.naturalOrder())))
            .map(Version::value),
        pointer(recentHeadMessageId, descends),
        pointer(latestSummaryMessageId, descends),
        resolvedSlots,
        processedCounterByHost);
  }

  /**
   * A pointer's value: a message no other kept message descends from and that descends from one of
   * them, when ancestry is known; else the latest by clock, then by (host, message id).
   */
  private static Optional<String> pointer(
      Register<String> register, BiPredicate<String, String> descends) {
    Comparator<Version<String>> byDescent =
        (a, b) ->
            descends.test(a.value(), b.value()) ? 1 : descends.test(b.value(), a.value()) ? -1 : 0;
    return register
        .resolve(
            (a, b) -> {
              var descent = byDescent.compare(a, b);
              if (descent != 0) {
                return descent;
              }
              var byClock = VectorClock.TIE_BREAK.compare(a.clock(), b.clock());
              if (byClock != 0) {
                return byClock;
              }
              var byHost = a.host().compareTo(b.host());
              return byHost != 0 ? byHost : a.value().compareTo(b.value());
            })
        .map(Version::value);
  }
}
