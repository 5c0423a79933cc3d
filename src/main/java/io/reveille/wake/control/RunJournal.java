package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.wake.entity.RunCheckpoint;
import io.reveille.wake.entity.RunStep;
import io.reveille.wake.entity.StepStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The steps and checkpoints of runs: a step begun (with the decision it carries out and the message
 * that shows it), a step ended with its checkpoint, and what a run recorded so far, for resuming
 * it. A step's writes join the transaction of the step ({@link #inStep}), which carries its tool
 * calls too; called outside one, each write commits on its own.
 *
 * <p>Every write takes the agent's state lock first, the order every run transaction keeps: a step
 * row's foreign key locks its run's log entry, which an operator's cancel updates under that lock.
 *
 * <p>The deterministic resume rule: a step that succeeded is not done again — its decision is
 * carried out once more only to rebuild the run's state, and every mutating tool call it made is
 * answered from its receipt; a step that was interrupted carries out the decision it recorded, or,
 * having none, is begun afresh.
 */
@ApplicationScoped
@Transactional(TxType.REQUIRES_NEW)
public class RunJournal {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject MemoryService memory;
  @Inject AgentService agents;
  @Inject Clock clock;

  /** The run's steps, in order. */
  @Transactional(TxType.SUPPORTS)
  public List<RunStep> steps(String runKey) {
    return em.createNamedQuery("RunStep.findByRun", RunStep.class)
        .setParameter("runKey", runKey)
        .getResultList();
  }

  /** The run's checkpoints, in step order. */
  @Transactional(TxType.SUPPORTS)
  public List<RunCheckpoint> checkpoints(String runKey) {
    return em.createNamedQuery("RunCheckpoint.findByRun", RunCheckpoint.class)
        .setParameter("runKey", runKey)
        .getResultList();
  }

  /**
   * Runs {@code work} in one transaction of its own under the agent's state lock, taken first: a
   * step of a run, or the part of one between calls that must run on their own, with everything it
   * writes (its decision, its tool calls with their ledger rows and messages, its checkpoint). The
   * agent's head moves once, at the end, to the last message the step appended ({@link
   * MemoryService#holdHead}). An exception out of {@code work} rolls all of it back.
   */
  public <T> T inStep(String agentId, java.util.function.Supplier<T> work) {
    agents.stateForUpdate(agentId);
    memory.holdHead(agentId);
    var done = work.get();
    memory.settleHead(agentId);
    return done;
  }

  /**
   * Begins step {@code index} (or takes it up again) and records the decision it carries out, with
   * the message that shows the decision (a model's answer as an {@code assistant} turn) — both or
   * neither — in the step's transaction ({@link #inStep}) or one of its own. A step that recorded a
   * decision before keeps it, and the message is not written twice.
   *
   * @return the decision the step carries out: {@code decision}, or the one it had
   */
  @Transactional(TxType.REQUIRED)
  public JsonObject decided(
      String agentId,
      String runKey,
      int index,
      String phase,
      JsonObject decision,
      Optional<NewMessage> shown) {
    agents.stateForUpdate(agentId);
    var step = begin(runKey, index, phase, clock.instant());
    if (step.decide(decision)) {
      shown.ifPresent(message -> memory.appendUnflushed(agentId, message));
    }
    return step.getDecision().orElseThrow();
  }

  /**
   * Begins step {@code index} (or takes up again one that did not end), with no decision, in the
   * step's transaction or one of its own.
   */
  @Transactional(TxType.REQUIRED)
  public void began(String agentId, String runKey, int index, String phase) {
    agents.stateForUpdate(agentId);
    begin(runKey, index, phase, clock.instant());
  }

  /**
   * Ends step {@code index} as succeeded and writes its checkpoint, in the step's transaction or
   * one of its own.
   */
  @Transactional(TxType.REQUIRED)
  public void ended(String agentId, String runKey, Checkpoint checkpoint) {
    agents.stateForUpdate(agentId);
    var now = clock.instant();
    var index = checkpoint.stepIndex();
    var step = em.find(RunStep.class, new RunStep.Key(runKey, index));
    if (step == null) {
      throw new IllegalStateException("run " + runKey + " has no step " + index + " to end");
    }
    if (step.getStatus() != StepStatus.SUCCEEDED) {
      step.succeed(now);
    }
    if (em.find(RunCheckpoint.class, new RunStep.Key(runKey, index)) == null) {
      em.persist(
          new RunCheckpoint(
              runKey, index, checkpoint.phase(), checkpoint.toJson().toString(), now));
    }
  }

  /** Whether an operator asked the run to stop (read at every step boundary). */
  @Transactional(TxType.SUPPORTS)
  public boolean cancelRequested(String runKey) {
    return !em.createQuery(
            "SELECT w.runKey FROM WakeRunLogEntry w WHERE w.runKey = :runKey"
                + " AND w.cancelRequestedAt IS NOT NULL",
            String.class)
        .setParameter("runKey", runKey)
        .getResultList()
        .isEmpty();
  }

  /**
   * Ends the run's unfinished steps with the run, in the caller's transaction: {@code blocked} when
   * it waits, {@code skipped} when cancelled, {@code failed} when it failed.
   */
  @Transactional(TxType.MANDATORY)
  public void settle(String runKey, StepStatus to, String code, String why) {
    var now = clock.instant();
    for (var step : steps(runKey)) {
      var status = step.getStatus();
      if (status == StepStatus.RUNNING) {
        switch (to) {
          case BLOCKED -> step.block(now, code, why);
          case SKIPPED -> step.skip(now, why);
          case FAILED -> step.fail(now, code, why);
          default -> throw new IllegalArgumentException("a run does not settle steps as " + to);
        }
      } else if (status == StepStatus.BLOCKED && to == StepStatus.SKIPPED) {
        step.skip(now, why);
      }
    }
  }

  private RunStep begin(String runKey, int index, String phase, Instant now) {
    var step = em.find(RunStep.class, new RunStep.Key(runKey, index));
    if (step == null) {
      step = new RunStep(runKey, index, phase, now);
      em.persist(step);
    } else if (step.getStatus() != StepStatus.SUCCEEDED) {
      step.resume(now);
    }
    return step;
  }
}
