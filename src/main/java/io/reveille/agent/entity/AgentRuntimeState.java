package io.reveille.agent.entity;

import static io.reveille.platform.entity.Guards.idArgument;

import io.reveille.platform.error.IllegalTransitionException;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.Serializable;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What an agent is doing on one node: whether a run is queued or running there, which run and
 * session, and how its recent runs went.
 *
 * <p>Node-local and never synced: it describes this node's work, not the agent, so it is keyed by
 * agent and node and lives apart from the synced {@link AgentState}. The run status moves {@code
 * idle → queued → running → idle}, or {@code running → failed → queued | idle}; the methods refuse
 * any other move, so a second run cannot start while one is running.
 */
@Entity
@Table(name = "agent_runtime_states")
@IdClass(AgentRuntimeState.Key.class)
@NamedQuery(
    name = "AgentRuntimeState.findByAgentId",
    query = "SELECT r FROM AgentRuntimeState r WHERE r.agentId = :agentId ORDER BY r.nodeId")
public class AgentRuntimeState {

  public static final int MAX_RUN_ID_LENGTH = 200;

  @Id
  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Id
  @Column(name = "node_id", length = 64, nullable = false, updatable = false)
  private String nodeId;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Convert(converter = AgentRunStatus.Converter.class)
  @Column(name = "run_status", length = 16, nullable = false)
  private AgentRunStatus runStatus;

  @Column(name = "active_run_id", length = MAX_RUN_ID_LENGTH)
  private String activeRunId;

  @Column(name = "active_session_id", length = MAX_RUN_ID_LENGTH)
  private String activeSessionId;

  @Column(name = "last_run_started_at")
  private Instant lastRunStartedAt;

  @Column(name = "failure_streak", nullable = false)
  private int failureStreak;

  @Column(name = "hot_message_count", nullable = false)
  private int hotMessageCount;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected AgentRuntimeState() {}

  /** An idle agent on a node. */
  public AgentRuntimeState(String agentId, String nodeId, Instant now) {
    this.agentId = Objects.requireNonNull(agentId, "agentId");
    this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
    this.runStatus = AgentRunStatus.IDLE;
    this.updatedAt = Objects.requireNonNull(now, "now");
  }

  /** {@code idle | failed → queued}: a wake is on its way. */
  public void queue(Instant now) {
    move(EnumSet.of(AgentRunStatus.IDLE, AgentRunStatus.FAILED), AgentRunStatus.QUEUED, now);
  }

  /**
   * {@code idle | queued → running}: run {@code runId} starts, in a user session when {@code
   * sessionId} is not {@code null}.
   */
  public void start(String runId, String sessionId, Instant now) {
    idArgument("runId", runId, MAX_RUN_ID_LENGTH);
    if (sessionId != null) {
      idArgument("sessionId", sessionId, MAX_RUN_ID_LENGTH);
    }
    move(EnumSet.of(AgentRunStatus.IDLE, AgentRunStatus.QUEUED), AgentRunStatus.RUNNING, now);
    activeRunId = runId;
    activeSessionId = sessionId;
    lastRunStartedAt = now;
  }

  /** {@code running → idle}: the run finished; the failure streak ends. */
  public void complete(Instant now) {
    move(EnumSet.of(AgentRunStatus.RUNNING), AgentRunStatus.IDLE, now);
    activeRunId = null;
    activeSessionId = null;
    failureStreak = 0;
  }

  /** {@code running → failed}: the run failed and the failure streak grows. */
  public void fail(Instant now) {
    move(EnumSet.of(AgentRunStatus.RUNNING), AgentRunStatus.FAILED, now);
    activeRunId = null;
    activeSessionId = null;
    failureStreak = Math.addExact(failureStreak, 1);
  }

  /** {@code queued | failed → idle}: nothing more to do for now (a queued wake was dropped). */
  public void settle(Instant now) {
    move(EnumSet.of(AgentRunStatus.QUEUED, AgentRunStatus.FAILED), AgentRunStatus.IDLE, now);
  }

  /** How many raw messages sit in the agent's hot (not yet compacted) memory. */
  public void recordHotMessageCount(int count, Instant now) {
    if (count < 0) {
      throw new IllegalArgumentException("hot message count must not be negative: " + count);
    }
    hotMessageCount = count;
    updatedAt = Objects.requireNonNull(now, "now");
  }

  public boolean isRunning() {
    return runStatus == AgentRunStatus.RUNNING;
  }

  private void move(Set<AgentRunStatus> from, AgentRunStatus to, Instant now) {
    Objects.requireNonNull(now, "now");
    if (!from.contains(runStatus)) {
      throw new IllegalTransitionException(
          "run of agent " + agentId + " on node " + nodeId, runStatus.wire(), to.wire());
    }
    runStatus = to;
    updatedAt = now;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getNodeId() {
    return nodeId;
  }

  public long getVersion() {
    return version;
  }

  public AgentRunStatus getRunStatus() {
    return runStatus;
  }

  /** The running run; {@code null} unless running. */
  public String getActiveRunId() {
    return activeRunId;
  }

  /** The user session of the running run; {@code null} for autonomous runs. */
  public String getActiveSessionId() {
    return activeSessionId;
  }

  public Instant getLastRunStartedAt() {
    return lastRunStartedAt;
  }

  public int getFailureStreak() {
    return failureStreak;
  }

  public int getHotMessageCount() {
    return hotMessageCount;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  @Override
  public String toString() {
    return "AgentRuntimeState[" + agentId + "@" + nodeId + ", " + runStatus.wire() + "]";
  }

  /** The primary key: one row per agent and node. */
  public static class Key implements Serializable {

    private static final long serialVersionUID = 1L;

    private String agentId;
    private String nodeId;

    public Key() {}

    public Key(String agentId, String nodeId) {
      this.agentId = Objects.requireNonNull(agentId, "agentId");
      this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
    }

    public String getAgentId() {
      return agentId;
    }

    public String getNodeId() {
      return nodeId;
    }

    @Override
    public boolean equals(Object other) {
      return this == other
          || other instanceof Key that
              && Objects.equals(agentId, that.agentId)
              && Objects.equals(nodeId, that.nodeId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(agentId, nodeId);
    }

    @Override
    public String toString() {
      return agentId + "@" + nodeId;
    }
  }
}
