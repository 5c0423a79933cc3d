package io.reveille.wake.control;

import io.reveille.agent.entity.AgentKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The workflow of each agent kind, among the {@link WakeExecutor} beans. No transaction attribute:
 * a lookup, asked inside a run's transactions (whether the kind has a workflow at all) and outside
 * them (the workflow to execute).
 */
@ApplicationScoped
class WakeExecutors {

  @Inject @Any Instance<WakeExecutor> executors;

  /** The workflow of {@code kind}, if it has one yet. */
  public Optional<WakeExecutor> forKind(AgentKind kind) {
    return executors.stream().filter(e -> e.kind() == kind).findFirst();
  }
}
