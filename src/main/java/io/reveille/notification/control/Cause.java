package io.reveille.notification.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What lies behind a notification batch: how many agent runs in a row led to it ({@code hops}), and
 * which agents ran them, the earliest first ({@code chain}, the latest {@value #MAX_CHAIN} of
 * them). A batch from a person or another system has none ({@link #NONE}); a batch a run makes has
 * one hop more than the batch that woke that run, and that run's agent last in its chain. The wake
 * scheduler refuses a wake whose cause is too deep or already went through the agent it would wake,
 * so that agents that wake each other stop.
 */
public record Cause(int hops, List<String> chain) {

  /** At most this many agents of a chain are kept, the latest ones. */
  public static final int MAX_CHAIN = 32;

  /** The largest hop count a batch may carry. */
  public static final int MAX_HOPS = 1_000_000;

  /** Nothing behind it: a person's or another system's batch, or a run they started. */
  public static final Cause NONE = new Cause(0, List.of());

  public Cause {
    Objects.requireNonNull(chain, "chain");
    if (hops < 0 || hops > MAX_HOPS) {
      throw new IllegalArgumentException("hops must be between 0 and " + MAX_HOPS + ": " + hops);
    }
    if (chain.size() > Math.min(hops, MAX_CHAIN)) {
      throw new IllegalArgumentException(
          "a chain names at most one agent a hop and at most "
              + MAX_CHAIN
              + ": "
              + chain.size()
              + " agents for "
              + hops
              + " hops");
    }
    chain = List.copyOf(chain);
  }

  /** The cause of a batch that a run of {@code agentId}, woken by this cause, makes. */
  public Cause next(String agentId) {
    Objects.requireNonNull(agentId, "agentId");
    var longer = new ArrayList<>(chain);
    longer.add(agentId);
    var kept = longer.subList(Math.max(0, longer.size() - MAX_CHAIN), longer.size());
    return new Cause(Math.min(MAX_HOPS, hops + 1), kept);
  }

  /** Whether {@code agentId} ran in this chain (among its kept agents). */
  public boolean passedThrough(String agentId) {
    return chain.contains(agentId);
  }

  public boolean isNone() {
    return hops == 0;
  }

  /**
   * The deeper of the two, for what merges several causes (a run coalescing batches, a batch
   * merging changes): the deeper one is the one that must stop first.
   */
  public Cause deeper(Cause other) {
    return other.hops > hops ? other : this;
  }
}
