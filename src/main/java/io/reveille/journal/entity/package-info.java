/**
 * The journal domain's records: {@link io.reveille.journal.entity.Category}, {@link
 * io.reveille.journal.entity.Task} with its {@link io.reveille.journal.entity.TaskStatus} and
 * {@link io.reveille.journal.entity.TaskPriority}, a category's {@link
 * io.reveille.journal.entity.Label}s, and the task's {@link io.reveille.journal.entity.Checklist}s
 * with their {@link io.reveille.journal.entity.ChecklistItem}s; time spent ({@link
 * io.reveille.journal.entity.TimeEntry}), the plan of a day ({@link
 * io.reveille.journal.entity.DayPlan} with its {@link io.reveille.journal.entity.DayPlanBlock}s and
 * {@link io.reveille.journal.entity.DayPlanPin}s) and {@link io.reveille.journal.entity.Rating}s.
 * Entities guard their invariants in constructors and methods, state moves refuse the illegal ones,
 * and every mutable entity carries a {@code @Version}; the schema is {@code
 * db/migration/V5__journal_domain.sql}, {@code V9__journal_labels_checklists.sql} and {@code
 * V10__journal_time_plans_ratings.sql}.
 */
package io.reveille.journal.entity;
