/**
 * {@code GET /api/agents/{id}/context}: what an agent's next wake reads, exactly as the workflows
 * assemble it ({@code ContextResource}), for an operator explaining an agent's behaviour. It uses
 * workflow's {@code WakeMemory}, memory's {@code HotContext}, the agent's {@code AgentService}, the
 * tool feature's proposals, and security's {@code Allowed} and {@code Role}.
 */
package io.reveille.workflow.boundary;
