/**
 * Convergence of what two sites share: vector clocks (host → counter) that order the writes of
 * sites with their own databases, multi-value registers that keep every concurrent write until a
 * later one supersedes it, and the merge of an agent's shared state by deterministic rules that
 * never consult a wall clock, so that any two sites that saw the same writes, in any order and any
 * grouping, hold the same state.
 */
package io.reveille.sync.control;
