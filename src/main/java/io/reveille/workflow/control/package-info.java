/**
 * What every agent's workflow shares: how a wake opens ({@code WakeOpener}: the agent and the
 * {@code Engine} that thinks for it, as inference's {@code ModelChoice} decides, which starts the
 * report's provenance), the multi-turn conversation with a model ({@code AgentConversation}), the
 * memory a wake reads ({@code WakeMemory}), and the {@code custom} kind's workflow. The task agent
 * and the day planner live in their own feature packages.
 */
package io.reveille.workflow.control;
