package io.reveille.tool.control.scope;

import io.reveille.tool.entity.AgentCreatedTask;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link TaskSubgraph} of a task agent's call: its task, and the tasks it created as recorded
 * in {@code agent_created_tasks} (read and written in the call's transaction).
 */
@ApplicationScoped
public class TaskSubgraphs {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  /** The subgraph of {@code agentId}, which serves {@code activeTaskId} (if it is set). */
  public TaskSubgraph of(String agentId, Optional<String> activeTaskId) {
    return new TaskSubgraph(
        activeTaskId,
        () ->
            Set.copyOf(
                em.createNamedQuery("AgentCreatedTask.taskIds", String.class)
                    .setParameter("agentId", agentId)
                    .getResultList()),
        taskId -> em.persist(new AgentCreatedTask(agentId, taskId, clock.instant())));
  }
}
