/**
 * The journal domain's logic: {@link io.reveille.journal.control.JournalService} changes categories
 * and tasks, {@link io.reveille.journal.control.LabelService} a category's labels and the labels on
 * tasks, {@link io.reveille.journal.control.ChecklistService} a task's checklists and their items,
 * one transaction per call, and {@link io.reveille.journal.control.JournalNotifications} announces
 * every change as one notification batch on {@code reveille.notifications} inside that same
 * transaction, so agents wake for exactly the changes that commit.
 */
package io.reveille.journal.control;
