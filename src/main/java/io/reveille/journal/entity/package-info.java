/**
 * The journal domain's records: {@link io.reveille.journal.entity.Category}, {@link
 * io.reveille.journal.entity.Task} with its {@link io.reveille.journal.entity.TaskStatus} and
 * {@link io.reveille.journal.entity.TaskPriority}, a category's {@link
 * io.reveille.journal.entity.Label}s, and the task's {@link io.reveille.journal.entity.Checklist}s
 * with their {@link io.reveille.journal.entity.ChecklistItem}s. Entities guard their invariants in
 * constructors and methods, status moves refuse the illegal ones, and every entity carries a
 * {@code @Version}; the schema is {@code db/migration/V5__journal_domain.sql} and {@code
 * V9__journal_labels_checklists.sql}.
 */
package io.reveille.journal.entity;
