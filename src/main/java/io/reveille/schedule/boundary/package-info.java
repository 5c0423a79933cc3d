/**
 * Timers at the edges: the REST resource for an agent's timers, each node's clock that fires due
 * alarms, and the start-up reconciliation of alarms with timer rows.
 */
package io.reveille.schedule.boundary;
