package io.reveille.session.control;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.security.control.Actor;
import io.reveille.session.entity.AgentSession;
import io.reveille.tool.control.question.AgentQuestions;
import io.reveille.tool.entity.AgentQuestion;
import io.reveille.wake.control.RunKeys;
import io.reveille.wake.control.WakeScheduler;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Opens and closes sessions, takes the user's turns, and reads a session's thread in order.
 *
 * <p>A turn is one transaction: the user's text becomes a {@code user} message in the session's
 * thread, a {@code userInitiated} wake run log entry and its job go on the wakes queue, and the
 * session counts the turn. Either all of it commits or none does, so a run never starts without its
 * user message and a message never waits for a run that was not scheduled. The transaction first
 * locks the agent's state row, as the wake scheduler and runner do: the turns of one agent queue
 * behind each other and behind a run that is writing the agent's messages, instead of failing on
 * the state's {@code @Version}. A repeated turn (same session and turn id) finds its run key in the
 * run log and returns that run without writing anything.
 */
@ApplicationScoped
@Transactional
public class SessionService {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject io.reveille.memory.control.CompactionCandidates compaction;
  @Inject WakeScheduler scheduler;
  @Inject io.reveille.wake.control.WakeRateLimit rateLimit;
  @Inject Clock clock;
  @Inject AgentQuestions questions;

  /**
   * What a turn gave the client: the run that answers it.
   *
   * @param replayed whether the turn had been taken before and this is its first run
   */
  public record TurnReceipt(
      String sessionId, String turnId, String runKey, String threadId, boolean replayed) {}

  /** A message of a session's thread with its text, if it has one. */
  public record ThreadMessage(AgentMessage message, Optional<String> content) {}

  /** A position in a thread: after this message. */
  public record MessageCursor(Instant createdAt, String messageId) {
    public MessageCursor {
      Objects.requireNonNull(createdAt, "createdAt");
      Objects.requireNonNull(messageId, "messageId");
    }

    public static MessageCursor after(AgentMessage message) {
      return new MessageCursor(message.getCreatedAt(), message.getId());
    }
  }

  /** The thread a session's messages live in. */
  public static String threadId(AgentSession session) {
    return RunKeys.sessionThreadId(session.getAgentId(), session.getId());
  }

  /**
   * Opens a session with the agent.
   *
   * @throws NotFoundException if there is no such agent
   * @throws io.reveille.platform.error.ConflictException if the agent cannot hold sessions now
   */
  public AgentSession open(String agentId) {
    var session =
        AgentSession.open(UUID.randomUUID().toString(), agents.get(agentId), clock.instant());
    em.persist(session);
    em.flush();
    return session;
  }

  /**
   * The agent's session.
   *
   * @throws NotFoundException if there is no such agent, or no such session of it
   */
  @Transactional(Transactional.TxType.SUPPORTS)
  public AgentSession get(String agentId, String sessionId) {
    agents.get(agentId);
    return find(agentId, sessionId).orElseThrow(() -> new NotFoundException("session", sessionId));
  }

  /** The agent's session, if both exist. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<AgentSession> find(String agentId, String sessionId) {
    return Optional.ofNullable(em.find(AgentSession.class, sessionId))
        .filter(session -> session.getAgentId().equals(agentId));
  }

  /**
   * Closes the session; it takes no more turns. Runs of earlier turns still run and write to its
   * thread.
   *
   * @throws io.reveille.platform.error.IllegalTransitionException if it is closed already
   */
  public AgentSession close(String agentId, String sessionId) {
    var session = get(agentId, sessionId);
    session.close(clock.instant());
    em.flush();
    return session;
  }

  /**
   * Takes a user's turn: the user message, the {@code userInitiated} wake and its job, in this
   * transaction. A turn taken before (same session and turn id) returns its run and writes nothing,
   * even if the session has closed since.
   *
   * @throws NotFoundException if there is no such agent or session
   * @throws io.reveille.platform.error.ConflictException if the session is closed, or the agent is
   *     destroyed or not active
   */
  public TurnReceipt takeTurn(String agentId, String sessionId, TurnInput turn) {
    return takeTurn(agentId, sessionId, turn, Optional.empty());
  }

  /**
   * A turn as {@link #takeTurn(String, String, TurnInput)}; {@code actor}, the person who sent it
   * over the API, is named in the agent's operator thread with the turn's run key, in the same
   * transaction (a replayed turn names no one again), and the run carries their role.
   */
  public TurnReceipt takeTurn(
      String agentId, String sessionId, TurnInput turn, Optional<Actor> actor) {
    agents.stateForUpdate(agentId);
    var session = get(agentId, sessionId);
    var threadId = threadId(session);
    var runKey = RunKeys.session(agentId, sessionId, turn.turnId());
    var taken = scheduler.run(runKey);
    if (taken.isPresent()) {
      return new TurnReceipt(sessionId, turn.turnId(), answering(taken.get()), threadId, true);
    }
    if (actor.isPresent()) {
      // A new turn asked for over the API; a replayed one (above) costs nothing.
      rateLimit.take(agentId);
    }
    var waiting = questions.openInThread(agentId, threadId);
    if (waiting.isPresent()) {
      return answer(session, turn, runKey, waiting.get(), actor);
    }
    session.recordTurn(clock.instant());
    recordTurnMessage(agentId, threadId, runKey, turn);
    scheduler.scheduleUserInitiated(agentId, runKey, threadId, actor.map(Actor::role));
    actor.ifPresent(
        who ->
            memory.noteOperatorAction(
                agentId,
                "Turn " + turn.turnId() + " of session " + sessionId + " sent by " + who.name(),
                Optional.of(runKey)));
    em.flush();
    // The thread grew: the compaction worker looks at it later; the turn never waits for it.
    compaction.touched(agentId, threadId);
    return new TurnReceipt(sessionId, turn.turnId(), runKey, threadId, false);
  }

  /** The user's turn as a message of the session's thread, under the turn's run key. */
  private void recordTurnMessage(String agentId, String threadId, String runKey, TurnInput turn) {
    memory.append(
        agentId,
        new NewMessage(
            threadId,
            AgentMessageKind.USER,
            Optional.of(runKey),
            Optional.of(turn.text()),
            approximateTokens(turn.text()),
            AgentMessageMetadata.empty()));
  }

  /** The run that answers a turn: its own, or the one it resumed by answering its question. */
  private static String answering(WakeRunLogEntry turn) {
    return WakeScheduler.ANSWERED_QUESTION.equals(turn.getErrorCode().orElse(null))
        ? turn.getReasonId()
        : turn.getRunKey();
  }

  /**
   * A turn that answers the question the session's run waits on ({@code ask_user}, {@code
   * propose_plan} asked in the session): the turn's text is the answer (one of the choices, if the
   * question has any), it is recorded in the thread, and that run resumes with it instead of a new
   * run starting; the turn's run key is recorded as skipped with {@code answered_question}.
   */
  private TurnReceipt answer(
      AgentSession session,
      TurnInput turn,
      String runKey,
      AgentQuestion question,
      Optional<Actor> actor) {
    var agentId = session.getAgentId();
    var threadId = threadId(session);
    session.recordTurn(clock.instant());
    recordTurnMessage(agentId, threadId, runKey, turn);
    try {
      questions.answer(
          question.getRunKey(),
          Optional.of(question.getId()),
          turn.text().strip(),
          actor.map(Actor::name).orElse("session " + session.getId()));
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          "text",
          "answers the question the agent asked (\""
              + question.getQuestion()
              + "\"): "
              + e.getMessage());
    }
    scheduler.recordAnsweringTurn(
        agentId, runKey, threadId, question.getRunKey(), actor.map(Actor::role));
    actor.ifPresent(
        who ->
            memory.noteOperatorAction(
                agentId,
                "Turn "
                    + turn.turnId()
                    + " of session "
                    + session.getId()
                    + " sent by "
                    + who.name()
                    + " answered question "
                    + question.getId(),
                Optional.of(runKey)));
    em.flush();
    compaction.touched(agentId, threadId);
    return new TurnReceipt(session.getId(), turn.turnId(), question.getRunKey(), threadId, false);
  }

  /**
   * A message of the session's thread, the position a reconnecting event stream resumes after.
   *
   * @throws InvalidInputException naming {@code field} if the thread has no such message
   */
  @Transactional(Transactional.TxType.SUPPORTS)
  public MessageCursor cursorAt(AgentSession session, String messageId, String field) {
    return memory
        .find(messageId)
        .filter(message -> message.getAgentId().equals(session.getAgentId()))
        .filter(message -> message.getThreadId().equals(threadId(session)))
        .map(MessageCursor::after)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    field, "no message '" + messageId + "' in session " + session.getId()));
  }

  /**
   * The thread's messages after {@code after} (all of them when empty), oldest first, at most
   * {@code limit}.
   *
   * <p>Why "after the last one seen" by time and id is enough, however late a run commits: an
   * agent's messages form one chain, each appended after the head it read and strictly later than
   * it, and the state's version lets only one append of an agent commit on one head. So the
   * messages of one agent commit in the order of their times; none can appear behind a position a
   * reader has passed.
   *
   * <p>A list, never a result stream: an open cursor would keep Derby's read lock on its row and
   * stall the writer this reader is waiting for.
   */
  @Transactional(Transactional.TxType.SUPPORTS)
  public List<ThreadMessage> messagesAfter(
      String agentId, String threadId, Optional<MessageCursor> after, int limit) {
    return memory
        .threadAfter(
            agentId,
            threadId,
            after.map(MessageCursor::createdAt),
            after.map(MessageCursor::messageId).orElse(null),
            limit)
        .stream()
        .map(message -> new ThreadMessage(message, memory.content(message)))
        .toList();
  }

  /** About four characters a token: a rough size for budgeting, not a tokenizer's count. */
  static int approximateTokens(String text) {
    return (text.length() + 3) / 4;
  }
}
