/**
 * The day planner (issue 6): a scheduled agent that lays the open tasks of its categories out as
 * blocks on the day's plan — with the deterministic {@code DayPlanner} or a model — through the day
 * plan tools, revising its own blocks on a later wake, and reports what it planned.
 */
package io.reveille.dayplanner.control;
