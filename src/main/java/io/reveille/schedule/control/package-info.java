/**
 * Scheduled wakes: schedules as intent (daily, weekly, interval, calendar) and the one rule that
 * turns them into instants across daylight-saving changes; validation of timer definitions; what a
 * firing does (one wake, or one catch-up for everything missed); and keeping each timer's
 * persistent alarm in step with its row and its agent's lifecycle.
 */
package io.reveille.schedule.control;
