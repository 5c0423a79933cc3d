/**
 * The task agent (seed 003): one agent per task, scoped to the task's category, woken by changes to
 * the task and its checklist; it keeps a report of where the task stands and private observations.
 */
package io.reveille.taskagent.control;
