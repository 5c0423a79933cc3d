package io.reveille.security.control;

import io.reveille.security.entity.AuditEvent.RefusalSummary;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Counts the refusals of requests without a signed-in caller per client address, so that the audit
 * trail keeps one row per client and window instead of one per request: anyone who reaches the port
 * could otherwise add rows as fast as they can send. A client's window opens at its first refusal
 * and closes {@code window} later; the summary of a closed window is handed out once, either to the
 * refusal that arrives after it or to the periodic {@link #due()}.
 *
 * <p>Memory is bounded: at most {@code maxClients} addresses are counted apart; while that many
 * windows are open, refusals from any further address are counted in one shared bucket named
 * {@value #OTHER}. The counts live in this node's memory, so the open windows of a node that dies
 * are lost (at most one window of refusals), and each node writes its own rows.
 */
@ApplicationScoped
public class RefusalTally {

  /** The client address of the bucket shared by the addresses beyond the cap. */
  public static final String OTHER = "other";

  /** One refused request, as the audit filter saw it. */
  public record Refusal(
      String clientAddress,
      Instant at,
      int status,
      String method,
      String path,
      String requestId,
      Optional<String> clientRequestId) {}

  private Clock clock;
  private Duration window;
  private int maxClients;
  private final Map<String, Bucket> buckets = new HashMap<>();
  private Bucket other;

  RefusalTally() {}

  @Inject
  public RefusalTally(AuditConfig config, Clock clock) {
    this(clock, config.refusalWindow(), config.refusalClients());
  }

  RefusalTally(Clock clock, Duration window, int maxClients) {
    this.clock = clock;
    this.window = window;
    this.maxClients = maxClients;
  }

  /**
   * Counts {@code refusal}; returns the summary of its client's previous window when this refusal
   * came after that window closed (to be written now), else nothing.
   */
  public synchronized Optional<RefusalSummary> count(Refusal refusal) {
    var tracked = buckets.containsKey(refusal.clientAddress()) || buckets.size() < maxClients;
    var key = tracked ? refusal.clientAddress() : OTHER;
    var bucket = tracked ? buckets.get(key) : other;
    Optional<RefusalSummary> closed = Optional.empty();
    if (bucket != null && !refusal.at().isBefore(bucket.closesAt)) {
      closed = Optional.of(bucket.summary());
      bucket = null;
    }
    if (bucket == null) {
      bucket = new Bucket(key, refusal, refusal.at().plus(window));
      if (tracked) {
        buckets.put(key, bucket);
      } else {
        other = bucket;
      }
    } else {
      bucket.add(refusal);
    }
    return closed;
  }

  /** Takes out the summaries of every window that has closed by now, to be written. */
  public synchronized List<RefusalSummary> due() {
    var now = clock.instant();
    var due = new ArrayList<RefusalSummary>();
    var open = buckets.values().iterator();
    while (open.hasNext()) {
      var bucket = open.next();
      if (!now.isBefore(bucket.closesAt)) {
        due.add(bucket.summary());
        open.remove();
      }
    }
    if (other != null && !now.isBefore(other.closesAt)) {
      due.add(other.summary());
      other = null;
    }
    return due;
  }

  /** Takes out every summary, open windows included: the node is stopping. */
  public synchronized List<RefusalSummary> drain() {
    var all = new ArrayList<RefusalSummary>();
    buckets.values().forEach(bucket -> all.add(bucket.summary()));
    buckets.clear();
    if (other != null) {
      all.add(other.summary());
      other = null;
    }
    return all;
  }

  /** How many client addresses have an open window (the shared bucket not included). */
  synchronized int tracked() {
    return buckets.size();
  }

  private static final class Bucket {
    private final String clientAddress;
    private final Refusal first;
    private final Instant closesAt;
    private final TreeMap<Integer, Long> statuses = new TreeMap<>();
    private Instant last;
    private long count;
    private boolean sameMethod = true;
    private boolean samePath = true;

    Bucket(String clientAddress, Refusal first, Instant closesAt) {
      this.clientAddress = clientAddress;
      this.first = first;
      this.closesAt = closesAt;
      this.last = first.at();
      add(first);
    }

    void add(Refusal refusal) {
      count++;
      statuses.merge(refusal.status(), 1L, Long::sum);
      if (refusal.at().isAfter(last)) {
        last = refusal.at();
      }
      sameMethod &= first.method().equals(refusal.method());
      samePath &= first.path().equals(refusal.path());
    }

    RefusalSummary summary() {
      return new RefusalSummary(
          clientAddress,
          first.at(),
          last,
          count,
          statuses,
          sameMethod ? first.method() : "*",
          samePath ? first.path() : "*",
          first.requestId(),
          first.clientRequestId());
    }
  }
}
