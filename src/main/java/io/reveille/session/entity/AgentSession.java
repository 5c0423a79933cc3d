package io.reveille.session.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentMode;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;

/**
 * A conversation between a user and one interactive or hybrid agent.
 *
 * <p>Why a row of its own when the messages already carry the session's thread id: the session is
 * what a client addresses and what can be closed; a closed session takes no more turns, whatever
 * the agent does next. The turn count and the last turn's time make "what is going on in this
 * session" one primary-key read.
 *
 * <p>Moves: {@code open → closed}, final. Only an active, not destroyed agent whose mode is {@code
 * interactive} or {@code hybrid} gets a session ({@link #open}); every other request is refused
 * with a {@link ConflictException} that says why.
 */
@Entity
@Table(name = "agent_sessions")
public class AgentSession {

  public static final int ID_LENGTH = 64;

  @Id
  @Column(name = "id", length = ID_LENGTH)
  private String id;

  @Column(name = "agent_id", length = Agent.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String agentId;

  @Convert(converter = SessionStatus.Converter.class)
  @Column(name = "status", length = 16, nullable = false)
  private SessionStatus status;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Column(name = "last_turn_at")
  private Instant lastTurnAt;

  @Column(name = "turn_count", nullable = false)
  private long turnCount;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected AgentSession() {}

  private AgentSession(String id, String agentId, Instant now) {
    this.id = idArgument("id", id, ID_LENGTH);
    this.agentId = idArgument("agentId", agentId, Agent.MAX_ID_LENGTH);
    this.status = SessionStatus.OPEN;
    this.createdAt = required("now", now);
    this.updatedAt = now;
  }

  /**
   * A new open session with {@code agent}.
   *
   * @throws ConflictException if the agent is destroyed, autonomous, or not active (created or
   *     dormant): the message names which
   */
  public static AgentSession open(String id, Agent agent, Instant now) {
    required("agent", agent);
    agent.requireNotDestroyed("open a session");
    if (agent.getMode() != AgentMode.INTERACTIVE && agent.getMode() != AgentMode.HYBRID) {
      throw new ConflictException(
          "agent "
              + agent.getId()
              + " is "
              + agent.getMode().wire()
              + ": only interactive or hybrid agents hold sessions");
    }
    agent.requireActive("open a session (resume or activate it first)");
    return new AgentSession(id, agent.getId(), now);
  }

  /**
   * Counts a user's turn.
   *
   * @throws ConflictException if the session is closed
   */
  public void recordTurn(Instant now) {
    required("now", now);
    requireOpen("take a turn");
    turnCount++;
    lastTurnAt = now;
    updatedAt = now;
  }

  /**
   * {@code open → closed}; final.
   *
   * @throws IllegalTransitionException if the session is closed already
   */
  public void close(Instant now) {
    required("now", now);
    if (status != SessionStatus.OPEN) {
      throw new IllegalTransitionException(
          "session " + id, status.wire(), SessionStatus.CLOSED.wire());
    }
    status = SessionStatus.CLOSED;
    updatedAt = now;
  }

  /**
   * @throws ConflictException naming {@code action} unless the session is open
   */
  public void requireOpen(String action) {
    if (status != SessionStatus.OPEN) {
      throw new ConflictException("session " + id + " is " + status.wire() + ": cannot " + action);
    }
  }

  public String getId() {
    return id;
  }

  public String getAgentId() {
    return agentId;
  }

  public SessionStatus getStatus() {
    return status;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  /** When the last turn was taken, or {@code null} before the first. */
  public Instant getLastTurnAt() {
    return lastTurnAt;
  }

  public long getTurnCount() {
    return turnCount;
  }

  public long getVersion() {
    return version;
  }
}
