package io.reveille.platform;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The event streams one node serves: at most so many in all ({@link StreamSlots}), and at most so
 * many for any one principal, so that one client (or one stolen credential) cannot take every slot
 * from everyone else.
 */
public final class StreamQuota {

  /** Why a stream was refused. */
  public enum Refusal {
    NODE_FULL,
    PRINCIPAL_FULL
  }

  private final StreamSlots node;
  private final int perPrincipal;
  private final ConcurrentHashMap<String, Integer> byPrincipal = new ConcurrentHashMap<>();

  public StreamQuota(int max, int perPrincipal) {
    if (perPrincipal < 1) {
      throw new IllegalArgumentException("at least one stream per principal, was " + perPrincipal);
    }
    this.node = new StreamSlots(max);
    this.perPrincipal = perPrincipal;
  }

  /** Takes a slot for {@code principal}; empty when granted (then {@link #release} it once). */
  public Optional<Refusal> tryTake(String principal) {
    Objects.requireNonNull(principal, "principal");
    var granted = new boolean[1];
    byPrincipal.compute(
        principal,
        (who, held) -> {
          var now = held == null ? 0 : held;
          if (now >= perPrincipal) {
            return held;
          }
          granted[0] = true;
          return now + 1;
        });
    if (!granted[0]) {
      return Optional.of(Refusal.PRINCIPAL_FULL);
    }
    if (!node.tryTake()) {
      giveBack(principal);
      return Optional.of(Refusal.NODE_FULL);
    }
    return Optional.empty();
  }

  /**
   * Takes a slot for {@code principal} for an event stream over HTTP, or refuses it as the client
   * is told: 429 when the principal holds its share ({@code perPrincipalSetting} names the
   * setting), 503 with a retry hint when the node is full ({@code maxSetting}).
   *
   * @throws jakarta.ws.rs.ClientErrorException (429) or {@link
   *     jakarta.ws.rs.ServiceUnavailableException} when refused
   */
  public void takeOrRefuse(String principal, String perPrincipalSetting, String maxSetting) {
    var refusal = tryTake(principal);
    if (refusal.isEmpty()) {
      return;
    }
    if (refusal.get() == Refusal.PRINCIPAL_FULL) {
      throw new jakarta.ws.rs.ClientErrorException(
          "this caller holds "
              + perPrincipal
              + " event streams open already ("
              + perPrincipalSetting
              + "); close one or retry later",
          429);
    }
    throw new jakarta.ws.rs.ServiceUnavailableException(
        "this node serves " + max() + " event streams already (" + maxSetting + "); retry later",
        5L);
  }

  public void release(String principal) {
    node.release();
    giveBack(principal);
  }

  private void giveBack(String principal) {
    byPrincipal.computeIfPresent(principal, (who, held) -> held <= 1 ? null : held - 1);
  }

  public int inUse() {
    return node.inUse();
  }

  public int inUse(String principal) {
    return byPrincipal.getOrDefault(principal, 0);
  }

  public int max() {
    return node.max();
  }

  public int perPrincipal() {
    return perPrincipal;
  }
}
