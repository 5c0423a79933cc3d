package io.reveille.session.control;

import static io.reveille.platform.Settings.within;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Session settings (docs/operations.md, configuration: reveille.sessions.*), checked when the
 * application first uses them.
 */
@ApplicationScoped
public class SessionConfig {

  private Duration eventsPoll;
  private Duration eventsMaxAge;
  private int eventsMaxStreams;
  private int eventsMaxStreamsPerPrincipal;
  private Duration eventsKeepAlive;

  SessionConfig() {}

  @Inject
  SessionConfig(
      @ConfigProperty(name = "reveille.sessions.events-poll-millis") long pollMillis,
      @ConfigProperty(name = "reveille.sessions.events-max-seconds") long maxSeconds,
      @ConfigProperty(name = "reveille.sessions.events-max-streams") int maxStreams,
      @ConfigProperty(name = "reveille.sessions.events-max-streams-per-principal")
          int maxStreamsPerPrincipal,
      @ConfigProperty(name = "reveille.sessions.events-keep-alive-seconds") long keepAliveSeconds) {
    this.eventsPoll =
        Duration.ofMillis(within("reveille.sessions.events-poll-millis", pollMillis, 10, 60_000));
    this.eventsMaxAge =
        Duration.ofSeconds(within("reveille.sessions.events-max-seconds", maxSeconds, 1, 86_400));
    this.eventsMaxStreams =
        (int) within("reveille.sessions.events-max-streams", maxStreams, 1, 10_000);
    this.eventsMaxStreamsPerPrincipal =
        (int)
            within(
                "reveille.sessions.events-max-streams-per-principal",
                maxStreamsPerPrincipal,
                1,
                10_000);
    this.eventsKeepAlive =
        Duration.ofSeconds(
            within("reveille.sessions.events-keep-alive-seconds", keepAliveSeconds, 1, 300));
  }

  /** The most event streams one principal may hold open on this node. */
  public int eventsMaxStreamsPerPrincipal() {
    return eventsMaxStreamsPerPrincipal;
  }

  /** How often an event stream looks for new messages of its thread. */
  public Duration eventsPoll() {
    return eventsPoll;
  }

  /** How long one event stream stays open at most; the client then reconnects with its last id. */
  public Duration eventsMaxAge() {
    return eventsMaxAge;
  }

  /**
   * After how long without an event a stream sends a keep-alive comment, so that proxies and the
   * client see the connection alive.
   */
  public Duration eventsKeepAlive() {
    return eventsKeepAlive;
  }

  /** How many event streams this node serves at once; more are refused with 503. */
  public int eventsMaxStreams() {
    return eventsMaxStreams;
  }
}
