package io.reveille.events.control;

import static io.reveille.platform.Settings.within;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The change feed's and its streams' settings ({@code reveille.events.*}), checked when read. */
@ApplicationScoped
public class EventsConfig {

  private Duration poll;
  private Duration settle;
  private Duration window;
  private int capacity;
  private Duration queues;
  private Duration maxAge;
  private int maxStreams;
  private int maxStreamsPerPrincipal;
  private Duration keepAlive;

  EventsConfig() {}

  @Inject
  EventsConfig(
      @ConfigProperty(name = "reveille.events.poll-millis") long pollMillis,
      @ConfigProperty(name = "reveille.events.settle-seconds") long settleSeconds,
      @ConfigProperty(name = "reveille.events.window-minutes") long windowMinutes,
      @ConfigProperty(name = "reveille.events.window-changes") int windowChanges,
      @ConfigProperty(name = "reveille.events.queues-seconds") long queuesSeconds,
      @ConfigProperty(name = "reveille.events.max-seconds") long maxSeconds,
      @ConfigProperty(name = "reveille.events.max-streams") int maxStreams,
      @ConfigProperty(name = "reveille.events.max-streams-per-principal") int perPrincipal,
      @ConfigProperty(name = "reveille.events.keep-alive-seconds") long keepAliveSeconds) {
    this.poll = Duration.ofMillis(within("reveille.events.poll-millis", pollMillis, 100, 60_000));
    this.settle =
        Duration.ofSeconds(within("reveille.events.settle-seconds", settleSeconds, 1, 3_600));
    this.window =
        Duration.ofMinutes(within("reveille.events.window-minutes", windowMinutes, 1, 1_440));
    this.capacity = (int) within("reveille.events.window-changes", windowChanges, 100, 1_000_000);
    this.queues =
        Duration.ofSeconds(within("reveille.events.queues-seconds", queuesSeconds, 1, 3_600));
    this.maxAge = Duration.ofSeconds(within("reveille.events.max-seconds", maxSeconds, 1, 86_400));
    this.maxStreams = (int) within("reveille.events.max-streams", maxStreams, 1, 10_000);
    this.maxStreamsPerPrincipal =
        (int) within("reveille.events.max-streams-per-principal", perPrincipal, 1, 10_000);
    this.keepAlive =
        Duration.ofSeconds(within("reveille.events.keep-alive-seconds", keepAliveSeconds, 1, 300));
  }

  /** How often the feed reads the database, and each stream looks at the feed. */
  public Duration poll() {
    return poll;
  }

  /**
   * How far behind the newest change it has seen the feed reads again on every poll: a change whose
   * transaction commits up to this long after it was stamped is still seen.
   */
  public Duration settle() {
    return settle;
  }

  /** How long the feed keeps changes in memory, for a stream that resumes. */
  public Duration window() {
    return window;
  }

  /** The most changes the feed keeps in memory. */
  public int capacity() {
    return capacity;
  }

  /** How often the broker's queue depths are sampled while a stream is open. */
  public Duration queues() {
    return queues;
  }

  /** How long one stream stays open at most; the client then reconnects with its last id. */
  public Duration maxAge() {
    return maxAge;
  }

  /** How many streams this node serves at once; more are refused with 503. */
  public int maxStreams() {
    return maxStreams;
  }

  /** How many streams one principal may hold open on this node; more are refused with 429. */
  public int maxStreamsPerPrincipal() {
    return maxStreamsPerPrincipal;
  }

  /** After how long without an event a stream sends a keep-alive comment. */
  public Duration keepAlive() {
    return keepAlive;
  }
}
