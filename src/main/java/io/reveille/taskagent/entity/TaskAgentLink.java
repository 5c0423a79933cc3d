package io.reveille.taskagent.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;

/**
 * The task agent of a task. Immutable: written once when the agent is created, removed with the
 * agent. Its primary key (the task id) refuses a second task agent for one task, even when two
 * requests race.
 */
@Entity
@Table(name = "task_agents")
public class TaskAgentLink {

  @Id
  @Column(name = "task_id", length = 64, nullable = false, updatable = false)
  private String taskId;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  protected TaskAgentLink() {}

  public TaskAgentLink(String taskId, String agentId, Instant createdAt) {
    this.taskId = Objects.requireNonNull(taskId, "taskId");
    this.agentId = Objects.requireNonNull(agentId, "agentId");
    this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
  }

  public String getTaskId() {
    return taskId;
  }

  public String getAgentId() {
    return agentId;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
