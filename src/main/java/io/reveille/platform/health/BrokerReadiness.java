package io.reveille.platform.health;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only while the broker answers: notification batches and wakes travel through it.
 *
 * <p>Browsing the notifications queue is a round trip to the broker; merely borrowing a pooled
 * connection would not prove it is still there.
 */
@Readiness
@ApplicationScoped
class BrokerReadiness implements HealthCheck {

  @Resource(lookup = "jms/reveille/ConnectionFactory")
  ConnectionFactory connectionFactory;

  @Resource(lookup = "jms/reveille/notifications")
  Queue notifications;

  @Override
  public HealthCheckResponse call() {
    var response = HealthCheckResponse.named("broker");
    try (var context = connectionFactory.createContext();
        var browser = context.createBrowser(notifications)) {
      browser.getEnumeration().hasMoreElements();
      return response.up().build();
    } catch (JMSRuntimeException | jakarta.jms.JMSException e) {
      return response.down().withData("error", String.valueOf(e.getMessage())).build();
    }
  }
}
