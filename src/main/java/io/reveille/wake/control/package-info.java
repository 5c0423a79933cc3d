/**
 * Wakes: scheduling (run keys, coalescing, throttle, manual wakes, recovery of stranded runs) and
 * running them exactly once in effect through the workflow of the agent's kind.
 */
package io.reveille.wake.control;
