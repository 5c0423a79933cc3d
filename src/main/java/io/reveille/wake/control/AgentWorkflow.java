package io.reveille.wake.control;

import io.reveille.agent.entity.AgentKind;
import java.util.Optional;

/**
 * The workflow of one agent kind.
 *
 * <p>The runner calls it outside any transaction, after the run's <em>begin</em> committed: each
 * step the workflow takes commits on its own as it happens (a message appended, a tool call with
 * its ledger row), so a crash loses at most the step in flight, and a re-run under the same run key
 * replays its tool calls from the ledger instead of repeating them (operation ids derive from the
 * run key and the call's ordinal). What must happen exactly once with the run's completion — the
 * new report and its head, closing messages, sending the agent to sleep — the workflow returns as a
 * {@link WakeOutcome}, and the runner writes it in the completing transaction.
 *
 * <p>Implementations are CDI beans; the runner finds the one whose {@link #kind()} matches the
 * agent. A kind without a workflow is skipped with that reason in the run log. A thrown exception
 * fails the run: the agent's failure streak grows and its next wakes back off.
 */
public interface AgentWorkflow {

  AgentKind kind();

  WakeOutcome execute(WakeRun run);

  /**
   * Whether {@code run}'s workflow is self-contained: it reads, and decides its outcome, but no
   * step of it commits anything of its own or reaches outside the database (no tool call, no model
   * call). Such a run is begun, executed and completed in one transaction (see {@link
   * WakeRunSteps#beginOrRun}); it is asked inside begin's transaction, the run already started. By
   * default, no.
   */
  default boolean isSelfContained(WakeRun run) {
    return false;
  }

  /**
   * What {@link #execute(WakeRun, Optional)} reads first, read for a run that is not self-contained
   * inside begin's transaction (after {@link #isSelfContained}), so that those reads cost no
   * transaction of their own. It must only read. Empty by default: {@code execute} reads what it
   * needs itself. A failure here is not the run's: {@code execute} is then called without it.
   */
  default Optional<Prepared> prepare(WakeRun run) {
    return Optional.empty();
  }

  /**
   * {@link #execute(WakeRun)}, with what {@link #prepare} read in begin's transaction, or empty
   * when it read nothing (a run begun again after a failed begin, a workflow that prepares
   * nothing).
   */
  default WakeOutcome execute(WakeRun run, Optional<Prepared> prepared) {
    return execute(run);
  }

  /** What a workflow's {@link #prepare} read, of a type of the workflow's own. */
  interface Prepared {}
}
