/**
 * The day planner: a scheduled agent that lays the open tasks of its categories out as blocks on
 * the day's plan — with its deterministic engine ({@code DeterministicDayPlanning}, laying the day
 * out with {@code DayPlanner}) or a model ({@code ModelDayPlanning}) — through the day plan tools,
 * revising its own blocks on a later wake, and reports what it planned.
 */
package io.reveille.dayplanner.control;
