package io.reveille.wake.control;

import io.reveille.agent.entity.AgentKind;

/**
 * The workflow of one agent kind. The runner calls it inside the run's transaction: whatever it
 * writes commits together with the run's completion, or not at all.
 *
 * <p>Implementations are CDI beans; the runner finds the one whose {@link #kind()} matches the
 * agent. A kind without a workflow is skipped with that reason in the run log.
 */
public interface WakeExecutor {

  AgentKind kind();

  void execute(WakeRun run);
}
