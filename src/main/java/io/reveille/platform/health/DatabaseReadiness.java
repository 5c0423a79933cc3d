package io.reveille.platform.health;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.SQLException;
import javax.sql.DataSource;
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

  private final Transitions transitions = new Transitions("database");

  @Override
  public HealthCheckResponse call() {
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
