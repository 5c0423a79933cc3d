/**
 * The workflows agents run when they wake, one per agent kind, each a {@code WakeExecutor} the wake
 * runner finds by kind. Today: the {@code custom} kind on the deterministic engine; the task agent
 * and day planner workflows and LLM inference arrive with later work.
 */
package io.reveille.workflow.control;
