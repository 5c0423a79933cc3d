package io.reveille.sync.control;

import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A vector clock: for each site (host id) that wrote, how many writes of that site this value has
 * seen. Two clocks are ordered when one has seen everything the other has ({@link Order#BEFORE},
 * {@link Order#AFTER}, {@link Order#EQUAL}) and concurrent otherwise: the writes they stamp were
 * made without knowledge of each other, and a merge rule, never a wall clock, decides between them.
 * Immutable; a host with no entry has counter 0, so a zero entry is never stored.
 */
public final class VectorClock {

  /** The most sites one clock may name: a bound on what a peer's record may make us hold. */
  public static final int MAX_HOSTS = 64;

  /** A host id: letters, digits, dot, dash and underscore, 1 to 64 characters. */
  public static final Pattern HOST_ID = io.reveille.platform.Site.HOST_ID;

  private static final VectorClock EMPTY = new VectorClock(new TreeMap<>());

  /**
   * A total order that extends the causal one: a clock that has seen more (by the sum of its
   * counters) comes later, and among clocks with the same sum the host entries decide, compared
   * host by host in the hosts' order. Deterministic on every site; used only to break ties between
   * concurrent writes.
   */
  public static final Comparator<VectorClock> TIE_BREAK =
      Comparator.comparingLong(VectorClock::total).thenComparing(VectorClock::compareEntries);

  /** How two clocks relate. */
  public enum Order {
    /** This clock has seen less than the other: the other's write supersedes this one's. */
    BEFORE,
    /** This clock has seen more than the other. */
    AFTER,
    /** The same clock. */
    EQUAL,
    /** Neither has seen all of the other: the writes were made independently. */
    CONCURRENT
  }

  private final TreeMap<String, Long> counters;

  private VectorClock(TreeMap<String, Long> counters) {
    this.counters = counters;
  }

  /** The clock of nothing written yet. */
  public static VectorClock empty() {
    return EMPTY;
  }

  /**
   * A clock of the given counters, checked as a record from another site must be.
   *
   * @throws IllegalArgumentException naming the host or counter that is not acceptable
   */
  public static VectorClock of(Map<String, Long> counters) {
    Objects.requireNonNull(counters, "counters");
    if (counters.size() > MAX_HOSTS) {
      throw new IllegalArgumentException(
          "a vector clock names at most " + MAX_HOSTS + " hosts, not " + counters.size());
    }
    var copy = new TreeMap<String, Long>();
    counters.forEach(
        (host, counter) -> {
          requireHost(host);
          if (counter == null || counter < 0) {
            throw new IllegalArgumentException(
                "the counter of host " + host + " must be 0 or more, not " + counter);
          }
          if (counter > 0) {
            copy.put(host, counter);
          }
        });
    return copy.isEmpty() ? EMPTY : new VectorClock(copy);
  }

  /** The counter of {@code host}: how many of its writes this clock has seen. */
  public long counter(String host) {
    return counters.getOrDefault(host, 0L);
  }

  /** The counters, by host in their natural order; hosts at 0 are left out. */
  public Map<String, Long> counters() {
    return Collections.unmodifiableMap(counters);
  }

  /** The sum of the counters: how many writes this clock has seen in all. */
  public long total() {
    return counters.values().stream().mapToLong(Long::longValue).sum();
  }

  /** This clock advanced by one write of {@code host}: the clock of that write. */
  public VectorClock tick(String host) {
    requireHost(host);
    if (!counters.containsKey(host) && counters.size() == MAX_HOSTS) {
      throw new IllegalStateException("a vector clock names at most " + MAX_HOSTS + " hosts");
    }
    var next = new TreeMap<>(counters);
    next.merge(host, 1L, Math::addExact);
    return new VectorClock(next);
  }

  /** The least clock that has seen everything this one and {@code other} have (per-host max). */
  public VectorClock merge(VectorClock other) {
    var next = new TreeMap<>(counters);
    other.counters.forEach((host, counter) -> next.merge(host, counter, Math::max));
    if (next.size() > MAX_HOSTS) {
      throw new IllegalStateException("a vector clock names at most " + MAX_HOSTS + " hosts");
    }
    return new VectorClock(next);
  }

  /** How this clock relates to {@code other}. */
  public Order compare(VectorClock other) {
    var less = false;
    var more = false;
    var hosts = new TreeMap<>(counters);
    other.counters.forEach(hosts::putIfAbsent);
    for (var host : hosts.keySet()) {
      var mine = counter(host);
      var theirs = other.counter(host);
      less |= mine < theirs;
      more |= mine > theirs;
    }
    if (less && more) {
      return Order.CONCURRENT;
    }
    return less ? Order.BEFORE : more ? Order.AFTER : Order.EQUAL;
  }

  /** Whether this clock has seen everything {@code other} has and more. */
  public boolean dominates(VectorClock other) {
    return compare(other) == Order.AFTER;
  }

  private int compareEntries(VectorClock other) {
    Iterator<Map.Entry<String, Long>> mine = counters.entrySet().iterator();
    Iterator<Map.Entry<String, Long>> theirs = other.counters.entrySet().iterator();
    while (mine.hasNext() && theirs.hasNext()) {
      var a = mine.next();
      var b = theirs.next();
      var byHost = a.getKey().compareTo(b.getKey());
      if (byHost != 0) {
        // The clock that names the earlier host has a counter there the other lacks: more of it.
        return -byHost;
      }
      var byCounter = Long.compare(a.getValue(), b.getValue());
      if (byCounter != 0) {
        return byCounter;
      }
    }
    return Boolean.compare(mine.hasNext(), theirs.hasNext());
  }

  private static void requireHost(String host) {
    if (host == null || !HOST_ID.matcher(host).matches()) {
      throw new IllegalArgumentException(
          "a host id is 1 to 64 letters, digits, dots, dashes or underscores, not " + host);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof VectorClock clock && counters.equals(clock.counters);
  }

  @Override
  public int hashCode() {
    return counters.hashCode();
  }

  @Override
  public String toString() {
    return counters.toString();
  }
}
