/**
 * The journal domain's records: {@link io.reveille.journal.entity.Category}, {@link
 * io.reveille.journal.entity.Task} with its {@link io.reveille.journal.entity.TaskStatus} and
 * {@link io.reveille.journal.entity.TaskPriority}, and the task's {@link
 * io.reveille.journal.entity.ChecklistItem}s. Entities guard their invariants in constructors and
 * methods, status moves refuse the illegal ones, and every entity carries a {@code @Version}; the
 * schema is {@code db/migration/V5__journal_domain.sql}.
 */
package io.reveille.journal.entity;
