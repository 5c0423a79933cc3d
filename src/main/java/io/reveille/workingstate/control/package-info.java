/**
 * An agent's structured working state for a thread: what it understands (entities and their
 * dependencies), what it assumes and how sure it is, what it expects its actions to do, its open
 * hypotheses and items; kept current by deterministic deltas and by verifying expectations against
 * tool results.
 */
package io.reveille.workingstate.control;
