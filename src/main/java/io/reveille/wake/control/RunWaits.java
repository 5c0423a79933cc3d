package io.reveille.wake.control;

/**
 * Whether what a run waits for is still undecided. Asked in the transaction that parks the run,
 * after the agent's state lock: a decision that committed before it (an approval given while the
 * run was still on its way to the step boundary) would otherwise find the run not yet waiting, and
 * the run would then wait for a decision already made. A parked run none of whose waits is still
 * open is queued again at once.
 */
public interface RunWaits {

  /** Whether this implementation knows what {@code code} waits for. */
  boolean knows(String code);

  /**
   * Whether run {@code runKey} still waits for what {@code code} (one this implementation {@link
   * #knows}) names ({@code awaiting_approval}, {@code in_doubt}, {@code awaiting_answer}).
   */
  boolean stillWaiting(String runKey, String code);
}
