/** REST: {@code POST|GET /api/tasks/{taskId}/agent}. */
package io.reveille.taskagent.boundary;
