package io.reveille.platform;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed number of slots for long-lived event streams on this node.
 *
 * <p>Why a bound: every open stream costs a connection, a scheduled poll and, per poll, a database
 * connection for a moment. Unbounded, a crowd of idle clients would starve the scheduler and the
 * pool that the wake runs need; refusing one more stream (the client retries later) is the cheaper
 * failure.
 */
public final class StreamSlots {

  private final int max;
  private final AtomicInteger taken = new AtomicInteger();

  public StreamSlots(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("at least one slot, was " + max);
    }
    this.max = max;
  }

  /** Takes a slot if one is free; whoever gets {@code true} must {@link #release} it once. */
  public boolean tryTake() {
    while (true) {
      var current = taken.get();
      if (current >= max) {
        return false;
      }
      if (taken.compareAndSet(current, current + 1)) {
        return true;
      }
    }
  }

  public void release() {
    if (taken.getAndDecrement() <= 0) {
      taken.incrementAndGet();
      throw new IllegalStateException("no slot was taken");
    }
  }

  public int inUse() {
    return taken.get();
  }

  public int max() {
    return max;
  }
}
