package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.wake.entity.RunCheckpoint;
import io.reveille.wake.entity.RunStep;
import io.reveille.wake.entity.StepStatus;
import io.reveille.wake.entity.WakeRunLogEntry;
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
   * @param unrecorded the run has no step {@code index} yet, as the steps it read since its attempt
   *     began say ({@link #steps}; the attempt is the run's only one under way): the step is
   *     written without asking for it first. Should it exist after all, its primary key refuses the
   *     second row and the transaction rolls back.
   * @return the decision the step carries out: {@code decision}, or the one it had
   */
  @Transactional(TxType.REQUIRED)
  public JsonObject decided(
      String agentId,
      String runKey,
      int index,
      String phase,
      JsonObject decision,
      Optional<NewMessage> shown,
      boolean unrecorded) {
    agents.stateForUpdate(agentId);
    var step =
        unrecorded
            ? fresh(new RunStep(runKey, index, phase, clock.instant()), Optional.of(decision))
            : begin(runKey, index, phase, clock.instant(), Optional.of(decision));
    if (step.decided()) {
      shown.ifPresent(message -> memory.appendUnflushed(agentId, message));
    }
    return step.step().getDecision().orElseThrow();
  }

  /**
   * Begins step {@code index} (or takes up again one that did not end), with no decision, in the
   * step's transaction or one of its own.
   */
  @Transactional(TxType.REQUIRED)
  public void began(String agentId, String runKey, int index, String phase) {
    agents.stateForUpdate(agentId);
    begin(runKey, index, phase, clock.instant(), Optional.empty());
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
    // A checkpoint is written here only, with its step's success: a step that has not succeeded
    // has none yet, and only one that has (a run resumed after this commit) is asked.
    var written =
        step.getStatus() == StepStatus.SUCCEEDED
            && em.find(RunCheckpoint.class, new RunStep.Key(runKey, index)) != null;
    if (step.getStatus() != StepStatus.SUCCEEDED) {
      step.succeed(now);
    }
    if (!written) {
      em.persist(
          new RunCheckpoint(
              runKey,
              index,
              checkpoint.phase(),
              checkpoint.type(),
              checkpoint.toJson().toString(),
              now));
    }
  }

  /**
   * Whether an operator asked the run to stop (read at every step boundary). Outside a transaction
   * the run's entry is read afresh. In a step's transaction ({@link #inStep}) it is the entry that
   * transaction read, if it did (its usage added): read after the agent's state lock, under which
   * an operator sets the mark ({@link RunControl#cancel}), so it is current, and asking the
   * database again would only flush the step's writes early. A caller in a transaction must have
   * taken the agent's state lock before the entry was first read in it.
   */
  @Transactional(TxType.SUPPORTS)
  public boolean cancelRequested(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    return entry != null && entry.getCancelRequestedAt() != null;
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

  /** A step begun or taken up again, and whether {@code decision} was recorded in it here. */
  private record Begun(RunStep step, boolean decided) {}

  /**
   * Begins step {@code index}, or takes it up again, and records {@code decision} unless it has
   * one. A new step is persisted with its decision already in it: its {@code INSERT} carries the
   * state it was persisted in, so a decision set after the {@code persist} would cost an {@code
   * UPDATE} of its own.
   */
  private Begun begin(
      String runKey, int index, String phase, Instant now, Optional<JsonObject> decision) {
    var step = em.find(RunStep.class, new RunStep.Key(runKey, index));
    if (step == null) {
      return fresh(new RunStep(runKey, index, phase, now), decision);
    }
    if (step.getStatus() != StepStatus.SUCCEEDED) {
      step.resume(now);
    }
    return new Begun(step, decision.isPresent() && step.decide(decision.get()));
  }

  /** A new step, given {@code decision} (if any) before it is persisted. */
  private Begun fresh(RunStep step, Optional<JsonObject> decision) {
    var decided = decision.isPresent() && step.decide(decision.get());
    em.persist(step);
    return new Begun(step, decided);
  }
}
