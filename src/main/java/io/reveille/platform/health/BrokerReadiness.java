package io.reveille.platform.health;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import java.time.Clock;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only while the broker answers: notification batches and wakes travel through it.
 *
 * <p>Browsing the notifications queue is a round trip to the broker; merely borrowing a pooled
 * connection would not prove it is still there. The open endpoint says UP or DOWN and nothing else;
 * why it is DOWN goes to the server log.
 */
@Readiness
@ApplicationScoped
class BrokerReadiness implements HealthCheck {

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/notifications")
  Queue notifications;

  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "reveille.health.readiness-cache-millis")
  long cacheMillis;

  private final Transitions transitions = new Transitions("broker");
  private CachedCheck cached;

  @PostConstruct
  void init() {
    cached = new CachedCheck(clock, Duration.ofMillis(cacheMillis), this::probe);
  }

  /** The last answer while it is younger than {@code reveille.health.readiness-cache-millis}. */
  @Override
  public HealthCheckResponse call() {
    return cached.call();
  }

  private HealthCheckResponse probe() {
    var response = HealthCheckResponse.named("broker");
    try (var context = connectionFactory.createContext();
        var browser = context.createBrowser(notifications)) {
      browser.getEnumeration().hasMoreElements();
      transitions.up();
      return response.up().build();
    } catch (JMSRuntimeException | jakarta.jms.JMSException e) {
      transitions.down(String.valueOf(e.getMessage()));
      return response.down().build();
    }
  }
}
