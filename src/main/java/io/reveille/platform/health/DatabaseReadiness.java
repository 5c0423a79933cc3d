package io.reveille.platform.health;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only while the database answers: without it no agent can wake or be managed. */
@Readiness
@ApplicationScoped
class DatabaseReadiness implements HealthCheck {

  private static final int TIMEOUT_SECONDS = 3;

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @Override
  public HealthCheckResponse call() {
    var response = HealthCheckResponse.named("database");
    try (var connection = dataSource.getConnection()) {
      var product = connection.getMetaData().getDatabaseProductName();
      return connection.isValid(TIMEOUT_SECONDS)
          ? response.up().withData("product", product).build()
          : response.down().withData("error", "connection not valid").build();
    } catch (SQLException e) {
      return response.down().withData("error", String.valueOf(e.getMessage())).build();
    }
  }
}
