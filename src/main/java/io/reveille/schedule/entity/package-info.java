/**
 * Agent timers: the wall-clock intent a user gives an agent ("daily at 07:00 Europe/Berlin", "every
 * four hours") kept apart from the next instant it fires, so that a clock jump or a time zone
 * change recomputes the next firing from the intent instead of drifting. The alarms that actually
 * fire ({@code timer_alarms}) are set from these rows.
 */
package io.reveille.schedule.entity;
