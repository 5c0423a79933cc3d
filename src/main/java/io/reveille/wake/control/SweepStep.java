package io.reveille.wake.control;

/**
 * A step another feature adds to the wake sweep ({@link WakeSweeper}), run on every node at its
 * interval: idempotent, in transactions of its own, each round taking a bounded batch.
 */
public interface SweepStep {

  /** What the step does, for the log when it fails ({@code question expiry}). */
  String name();

  /** One round; how many things it handled. */
  int sweep();
}
