/** The link from a task to its task agent. */
package io.reveille.taskagent.entity;
