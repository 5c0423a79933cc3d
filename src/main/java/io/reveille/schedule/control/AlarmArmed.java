package io.reveille.schedule.control;

import java.time.Instant;

/**
 * An alarm was set for {@code dueAt} by a change of a timer (created, changed, resumed,
 * reconciled): observed once its transaction has committed, by this node's clock, which wakes
 * earlier when it sleeps past it. The clock's own firings set alarms too, but say nothing: the
 * clock reads when the next alarm is due after each round anyway.
 */
public record AlarmArmed(String timerId, Instant dueAt) {}
