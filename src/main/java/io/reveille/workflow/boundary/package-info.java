/**
 * What an agent's next wake reads, over REST ({@code ContextResource}), exactly as the workflows
 * assemble it.
 *
 * <p>May use: workflow's, memory's, agent's and tool's control classes, security, platform.
 */
package io.reveille.workflow.boundary;
