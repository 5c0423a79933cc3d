package io.reveille.platform.health;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only while the database answers: without it no agent can wake or be managed. UP or DOWN and
 * nothing else on the open endpoint; why it is DOWN goes to the server log.
 */
@Readiness
@ApplicationScoped
class DatabaseReadiness implements HealthCheck {

  private static final int TIMEOUT_SECONDS = 3;

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "reveille.health.readiness-cache-millis")
  long cacheMillis;

  private final Transitions transitions = new Transitions("database");
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
    var response = HealthCheckResponse.named("database");
    try (var connection = dataSource.getConnection()) {
      if (connection.isValid(TIMEOUT_SECONDS)) {
        transitions.up();
        return response.up().build();
      }
      transitions.down("connection not valid");
      return response.down().build();
    } catch (SQLException e) {
      transitions.down(String.valueOf(e.getMessage()));
      return response.down().build();
    }
  }
}
