package io.reveille.events.control;

import io.reveille.messaging.control.QueueDepths;
import io.reveille.platform.json.JsonDocuments;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * This node's view of what changed in agents, runs and proposals, for the event streams it serves.
 *
 * <p>Why it reads the database: every node writes changes, and the committed rows are the one truth
 * they share. Each change is stamped with its time ({@code updated_at}) inside the transaction that
 * makes it, so a change can commit after a later one was read: on every poll the feed reads what is
 * newer than the newest change it saw, and every {@value #SWEEP_EVERY} polls it sweeps the last
 * {@code settle} seconds again, a page at a time, for changes that committed late — a change whose
 * transaction commits within {@code settle} of its stamp is never missed. A change seen twice is
 * kept once (by its key).
 *
 * <p>It keeps the changes of the last {@code window} (at most {@code capacity}) in memory, each
 * with its place in the order this node saw them, so that a stream that resumes from an event id
 * gets what it missed from memory; a resume older than that is told to reload ({@link #covers}). It
 * polls only while streams listen, and for a window after the last one left, so that a reconnecting
 * client still finds its changes. While it polls it also samples the broker's queue depths every
 * {@code queues} seconds.
 */
@ApplicationScoped
public class ChangeFeed {

  private static final Logger LOG = Logger.getLogger(ChangeFeed.class.getName());

  /** Rows of one kind one read takes at most. */
  static final int PAGE = 500;

  /** Every how many polls a page of the settle window is swept again. */
  static final int SWEEP_EVERY = 5;

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  @Inject ChangeReads reads;
  @Inject QueueDepths depths;
  @Inject EventsConfig config;
  @Inject Clock clock;

  private final ArrayDeque<Change> ring = new ArrayDeque<>();

  /** Per kind of change, the keys of the changes seen that a sweep may meet again. */
  private final Map<String, Map<String, Instant>> seen = new HashMap<>();

  private long lastSeq;
  private final Map<String, Instant> newest = new HashMap<>();
  private final Map<String, Instant> sweepFrom = new HashMap<>();
  private Instant floor;
  private boolean caughtUp;
  private int listeners;
  private Instant idleSince;
  private ScheduledFuture<?> task;
  private JsonObject queues;
  private long queuesVersion;
  private Instant queuesAt = Instant.MIN;
  private boolean failing;
  private long polls;

  /** A stream starts listening: the feed polls from now on (it starts if it was idle). */
  public synchronized void listen() {
    listeners++;
    if (task == null) {
      begin();
      task =
          scheduler.scheduleWithFixedDelay(
              this::poll, 0, config.poll().toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** Starts afresh: the next poll reads the window back from the database. */
  synchronized void begin() {
    floor = clock.instant().minus(config.window());
    for (var type : ChangeReads.TYPES) {
      newest.put(type, floor);
    }
    sweepFrom.clear();
    caughtUp = false;
    polls = 0;
  }

  /** A stream stopped listening. */
  public synchronized void leave() {
    listeners = Math.max(0, listeners - 1);
    if (listeners == 0) {
      idleSince = clock.instant();
    }
  }

  /**
   * Whether the feed has read the database up to now at least once since it started: before, what
   * it holds is not yet the window it promises, and a stream waits before it starts.
   */
  public synchronized boolean isCaughtUp() {
    return caughtUp;
  }

  /** The place of the last change seen: a stream that starts now sends what comes after it. */
  public synchronized long lastSeq() {
    return lastSeq;
  }

  /** Whether every change after {@code at} is still held (or was never missed), for a resume. */
  public synchronized boolean covers(Instant at) {
    return floor != null && !at.minus(config.settle()).isBefore(floor);
  }

  /** The held changes after place {@code seq} that {@code wanted} takes, in the order seen. */
  public synchronized List<Change> after(long seq, Predicate<Change> wanted) {
    var found = new ArrayList<Change>();
    for (var change : ring) {
      if (change.seq() > seq && wanted.test(change)) {
        found.add(change);
      }
    }
    return found;
  }

  /**
   * The held changes stamped after {@code at} less the settle time, in the order seen: what a
   * stream resuming from an event of time {@code at} may have missed (some it saw come again).
   */
  public synchronized List<Change> since(Instant at, Predicate<Change> wanted) {
    var from = at.minus(config.settle());
    var found = new ArrayList<Change>();
    for (var change : ring) {
      if (change.at().isAfter(from) && wanted.test(change)) {
        found.add(change);
      }
    }
    return found;
  }

  /** The latest queue depths and their version (0: none sampled yet). */
  public synchronized Optional<Sample> queues() {
    return queues == null ? Optional.empty() : Optional.of(new Sample(queuesVersion, queues));
  }

  /** A sample of the queue depths, numbered in the order taken. */
  public record Sample(long version, JsonObject depths) {}

  /** The application stops: no poll outlives it. */
  @PreDestroy
  synchronized void stop() {
    if (task != null) {
      task.cancel(false);
      task = null;
    }
  }

  void poll() {
    if (stopIfIdle()) {
      return;
    }
    try {
      var behind = false;
      for (var type : ChangeReads.TYPES) {
        Instant from;
        Instant sweep;
        synchronized (this) {
          from = newest.get(type);
          sweep = sweepFrom.getOrDefault(type, from.minus(config.settle()));
        }
        // What is newer than the newest change seen; every few polls a page of the settle window
        // again, for changes that committed late.
        var fresh = reads.of(type, from, PAGE);
        behind |= fresh.size() >= PAGE;
        take(type, fresh);
        if (polls % SWEEP_EVERY != 0) {
          continue;
        }
        var late = reads.of(type, sweep, PAGE);
        take(type, late);
        synchronized (this) {
          if (late.size() >= PAGE) {
            sweepFrom.put(type, late.get(late.size() - 1).at());
          } else {
            sweepFrom.remove(type);
          }
        }
      }
      polls++;
      synchronized (this) {
        trim(clock.instant());
        caughtUp |= !behind;
      }
      if (failing) {
        failing = false;
        LOG.info("The change feed reads the database again");
      }
    } catch (RuntimeException e) {
      if (!failing) {
        failing = true;
        LOG.log(Level.WARNING, "The change feed could not read the database; it keeps trying", e);
      }
    }
    try {
      sampleQueues();
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "The change feed could not sample the queue depths", e);
    }
  }

  private synchronized boolean stopIfIdle() {
    if (listeners > 0
        || idleSince == null
        || clock.instant().isBefore(idleSince.plus(config.window()))) {
      return false;
    }
    if (task != null) {
      task.cancel(false);
      task = null;
    }
    ring.clear();
    seen.clear();
    newest.clear();
    sweepFrom.clear();
    queues = null;
    floor = null;
    return true;
  }

  private synchronized void take(String type, List<Change> changes) {
    for (var change : changes) {
      if (seen.computeIfAbsent(type, t -> new HashMap<>()).putIfAbsent(change.key(), change.at())
          != null) {
        continue;
      }
      lastSeq++;
      ring.addLast(
          new Change(
              lastSeq, change.at(), change.type(), change.key(), change.agentId(), change.data()));
      if (change.at().isAfter(newest.get(type))) {
        newest.put(type, change.at());
      }
    }
  }

  /** Drops what is older than the window or beyond the capacity, and keys no sweep can meet. */
  private void trim(Instant now) {
    var oldest = now.minus(config.window());
    while (!ring.isEmpty()
        && (ring.size() > config.capacity() || ring.peekFirst().at().isBefore(oldest))) {
      var dropped = ring.removeFirst();
      if (dropped.at().isAfter(floor)) {
        floor = dropped.at();
      }
    }
    if (oldest.isAfter(floor)) {
      floor = oldest;
    }
    // A sweep reads no further back than the settle time before the newest change of its kind.
    seen.forEach(
        (type, keys) -> {
          var forgotten = newest.getOrDefault(type, now).minus(config.settle()).minusSeconds(60);
          keys.values().removeIf(at -> at.isBefore(forgotten));
        });
  }

  private void sampleQueues() {
    var now = clock.instant();
    synchronized (this) {
      if (now.isBefore(queuesAt.plus(config.queues()))) {
        return;
      }
      queuesAt = now;
    }
    var sampled = JsonDocuments.provider().createObjectBuilder();
    for (var depth : depths.depths()) {
      sampled.add(depth.name(), depth.messageCount());
    }
    var json = sampled.build();
    synchronized (this) {
      if (!json.equals(queues)) {
        queues = json;
        queuesVersion++;
      }
    }
  }
}
