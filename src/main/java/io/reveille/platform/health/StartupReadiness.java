package io.reveille.platform.health;

import io.reveille.platform.StartupWork;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only once the start-up work (wake recovery, timer reconciliation) has succeeded; until then
 * the server log says which piece is failing and why, every time it is tried.
 */
@Readiness
@ApplicationScoped
class StartupReadiness implements HealthCheck {

  @Inject StartupWork work;

  @Override
  public HealthCheckResponse call() {
    return HealthCheckResponse.named("startup").status(work.unfinished().isEmpty()).build();
  }
}
