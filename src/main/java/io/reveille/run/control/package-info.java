/**
 * The runs read model: the run log that the wake writes, filtered and paged for operators, and one
 * run with what it did (its steps and checkpoints, tool calls, proposals and messages). It also
 * answers the agent feature's {@code RunCounts}.
 *
 * <p>May use: the wake's, tool's and memory's control classes and entities, and it reads the run
 * log's table directly (an allowed exception the architecture test names). Nothing below it may
 * import it.
 */
package io.reveille.run.control;
