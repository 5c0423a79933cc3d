/**
 * The journal over HTTP ({@code /api/categories}, {@code /api/tasks} and a task's checklist items)
 * and the JMS adapter that puts the journal's notification batches on {@code
 * reveille.notifications}. Resources translate JSON to calls of {@link
 * io.reveille.journal.control.JournalService} and back; they hold no logic.
 */
package io.reveille.journal.boundary;
