/**
 * Timers at the edges: the REST resource for an agent's timers, the persistent EJB timers that
 * serve as alarms, and the start-up reconciliation of alarms with timer rows.
 */
package io.reveille.schedule.boundary;
