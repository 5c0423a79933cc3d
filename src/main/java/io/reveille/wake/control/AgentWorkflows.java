package io.reveille.wake.control;

import io.reveille.agent.entity.AgentKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The workflow of each agent kind, among the {@link AgentWorkflow} beans. No transaction attribute:
 * a lookup, asked inside a run's transactions (whether the kind has a workflow at all) and outside
 * them (the workflow to execute).
 */
@ApplicationScoped
class AgentWorkflows {

  @Inject @Any Instance<AgentWorkflow> workflows;

  /** The workflow of {@code kind}, if it has one yet. */
  public Optional<AgentWorkflow> forKind(AgentKind kind) {
    return workflows.stream().filter(workflow -> workflow.kind() == kind).findFirst();
  }
}
