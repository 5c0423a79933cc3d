/**
 * The journal over HTTP ({@code /api/categories}, {@code /api/labels}, {@code /api/tasks} with a
 * task's labels, checklists and checklist items, {@code /api/checklists}) and the JMS adapter that
 * puts the journal's notification batches on {@code reveille.notifications}. Resources translate
 * JSON to calls of the services in {@code io.reveille.journal.control} and back; they hold no
 * logic.
 */
package io.reveille.journal.boundary;
