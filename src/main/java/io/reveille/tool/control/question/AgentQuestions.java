package io.reveille.tool.control.question;

import io.reveille.agent.control.AgentService;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.tool.entity.AgentQuestion;
import io.reveille.tool.entity.QuestionStatus;
import io.reveille.wake.control.RunMayResume;
import io.reveille.wake.control.RunWaits;
import io.reveille.wake.control.SweepStep;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The questions agents ask: recorded when asked (committed at once, whatever the asking call's
 * transaction does), answered by a person under the agent's state lock, expired by the wake sweep.
 * An answer or an expiry lets the waiting run resume ({@link RunMayResume}); the run's call of the
 * tool then finds the question closed and returns its answer.
 */
@ApplicationScoped
public class AgentQuestions implements RunWaits, SweepStep {

  private static final Logger LOG = Logger.getLogger(AgentQuestions.class.getName());

  /** Questions expired per sweep round; the next round takes the rest. */
  static final int EXPIRY_BATCH = 100;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject Clock clock;
  @Inject Event<RunMayResume> mayResume;
  @Inject Metrics metrics;

  /**
   * Records {@code question} unless a question of its id is there already (the call made again by a
   * re-run of the run); returns the one recorded. Commits on its own.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public AgentQuestion ask(AgentQuestion question) {
    var existing = em.find(AgentQuestion.class, question.getId());
    if (existing != null) {
      return existing;
    }
    em.persist(question);
    metrics.question("asked");
    return question;
  }

  /** The question of this id, as committed. */
  @Transactional(TxType.SUPPORTS)
  public Optional<AgentQuestion> find(String id) {
    return Optional.ofNullable(em.find(AgentQuestion.class, id));
  }

  /** The questions the run asked, oldest first. */
  @Transactional(TxType.SUPPORTS)
  public List<AgentQuestion> ofRun(String runKey) {
    return em.createNamedQuery("AgentQuestion.findByRun", AgentQuestion.class)
        .setParameter("runKey", runKey)
        .getResultList();
  }

  /**
   * The oldest open question a run of {@code threadId} asked and waits on: a session's run that
   * asked its person, whose next turn answers it.
   */
  @Transactional(TxType.SUPPORTS)
  public Optional<AgentQuestion> openInThread(String agentId, String threadId) {
    return em
        .createQuery(
            "SELECT q FROM AgentQuestion q, WakeRunLogEntry r WHERE r.runKey = q.runKey"
                + " AND q.agentId = :agentId AND r.threadId = :threadId AND q.status = :status"
                + " AND r.status = :waiting ORDER BY q.createdAt, q.id",
            AgentQuestion.class)
        .setParameter("agentId", agentId)
        .setParameter("threadId", threadId)
        .setParameter("status", QuestionStatus.OPEN)
        .setParameter("waiting", io.reveille.wake.entity.WakeStatus.WAITING)
        .setMaxResults(1)
        .getResultList()
        .stream()
        .findFirst();
  }

  /**
   * The questions whose ids start with {@code prefix} (which holds no {@code %} or {@code _}),
   * newest first.
   */
  @Transactional(TxType.SUPPORTS)
  public List<AgentQuestion> withIdPrefix(String prefix) {
    return em.createQuery(
            "SELECT q FROM AgentQuestion q WHERE q.id LIKE :prefix ORDER BY q.createdAt DESC, q.id"
                + " DESC",
            AgentQuestion.class)
        .setParameter("prefix", prefix + "%")
        .getResultList();
  }

  /** The text of the oldest question {@code runKey} asked that is still open, if any. */
  @Transactional(TxType.SUPPORTS)
  public Optional<String> openQuestion(String runKey) {
    return em
        .createQuery(
            "SELECT q.question FROM AgentQuestion q WHERE q.runKey = :runKey AND q.status = :status"
                + " ORDER BY q.createdAt, q.id",
            String.class)
        .setParameter("runKey", runKey)
        .setParameter("status", QuestionStatus.OPEN)
        .setMaxResults(1)
        .getResultList()
        .stream()
        .findFirst();
  }

  /** A page of the questions the run asked, oldest first. */
  @Transactional(TxType.SUPPORTS)
  public Page<AgentQuestion> ofRun(String runKey, Window window) {
    return window.read(
        em.createNamedQuery("AgentQuestion.findByRun", AgentQuestion.class)
            .setParameter("runKey", runKey));
  }

  /**
   * A person's answer to the run's open question ({@code questionId} names one when the run has
   * several), {@code by} whom; the run resumes once it commits.
   *
   * @throws NotFoundException when the run asked nothing, or nothing of that id
   * @throws InvalidInputException naming {@code questionId} when the run has several open questions
   *     and none is named, or {@code answer} when it is not one the question takes
   * @throws io.reveille.platform.error.ConflictException when the question is closed already
   */
  @Transactional(TxType.REQUIRED)
  public AgentQuestion answer(
      String runKey, Optional<String> questionId, String answer, String by) {
    var asked = ofRun(runKey);
    if (asked.isEmpty()) {
      throw new NotFoundException("questions of run", runKey);
    }
    AgentQuestion question;
    if (questionId.isPresent()) {
      question =
          asked.stream()
              .filter(q -> q.getId().equals(questionId.get()))
              .findFirst()
              .orElseThrow(() -> new NotFoundException("question", questionId.get()));
    } else {
      var open = asked.stream().filter(q -> q.getStatus() == QuestionStatus.OPEN).toList();
      if (open.size() > 1) {
        throw new InvalidInputException(
            "questionId", "run " + runKey + " has " + open.size() + " open questions; name one");
      }
      question = open.isEmpty() ? asked.get(asked.size() - 1) : open.get(0);
    }
    // The agent's lock, as every run step takes it first; the question as committed after it.
    agents.lockState(question.getAgentId());
    em.refresh(question);
    question.answer(answer, by, clock.instant());
    em.flush();
    metrics.question("answered");
    mayResume.fire(new RunMayResume(runKey, "question " + question.getId() + " answered"));
    return question;
  }

  @Override
  public boolean knows(String code) {
    return "awaiting_answer".equals(code);
  }

  @Override
  public boolean stillWaiting(String runKey, String code) {
    return !em.createNamedQuery("AgentQuestion.openByRun", String.class)
        .setParameter("runKey", runKey)
        .setParameter("status", QuestionStatus.OPEN)
        .setMaxResults(1)
        .getResultList()
        .isEmpty();
  }

  @Override
  public String name() {
    return "question expiry";
  }

  /** Closes the open questions past their expiry without an answer; their runs resume. */
  @Override
  @Transactional(TxType.REQUIRES_NEW)
  public int sweep() {
    var now = clock.instant();
    var due =
        em.createNamedQuery("AgentQuestion.due", AgentQuestion.class)
            .setParameter("status", QuestionStatus.OPEN)
            .setParameter("now", now)
            .setMaxResults(EXPIRY_BATCH)
            .getResultList();
    for (var question : due) {
      question.expire(now);
      metrics.question("expired");
      mayResume.fire(
          new RunMayResume(question.getRunKey(), "question " + question.getId() + " expired"));
      LOG.log(
          Level.INFO,
          "Question {0} of agent {1} expired unanswered; run {2} goes on without an answer",
          new Object[] {question.getId(), question.getAgentId(), question.getRunKey()});
    }
    return due.size();
  }
}
