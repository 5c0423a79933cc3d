/**
 * Memory over REST and on a timer: an agent's message log and report, its compaction jobs, and the
 * compaction timer of this node.
 *
 * <p>May use: memory's control classes and entities, the agent's control classes, security, the API
 * plumbing, platform.
 */
package io.reveille.memory.boundary;
