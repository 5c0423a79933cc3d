package io.reveille.tool.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * A task an agent created through its tools. Written once and never changed (so it has no version):
 * a task agent may write the task it serves and the tasks it created itself, nothing else of its
 * categories. Deleted with its agent and with its task.
 */
@Entity
@Table(name = "agent_created_tasks")
@IdClass(AgentCreatedTask.Key.class)
@NamedQuery(
    name = "AgentCreatedTask.taskIds",
    query = "SELECT c.taskId FROM AgentCreatedTask c WHERE c.agentId = :agentId")
public class AgentCreatedTask {

  /** The key: the agent and the task. */
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    private String agentId;
    private String taskId;

    public Key() {}

    public Key(String agentId, String taskId) {
      this.agentId = agentId;
      this.taskId = taskId;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key that
          && Objects.equals(agentId, that.agentId)
          && Objects.equals(taskId, that.taskId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(agentId, taskId);
    }
  }

  @Id
  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Id
  @Column(name = "task_id", length = 64, nullable = false, updatable = false)
  private String taskId;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  protected AgentCreatedTask() {}

  public AgentCreatedTask(String agentId, String taskId, Instant createdAt) {
    this.agentId = Objects.requireNonNull(agentId, "agentId");
    this.taskId = Objects.requireNonNull(taskId, "taskId");
    this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
  }

  public String getAgentId() {
    return agentId;
  }

  public String getTaskId() {
    return taskId;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
