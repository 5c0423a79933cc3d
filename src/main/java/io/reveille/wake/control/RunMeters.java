package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.util.Optional;

/**
 * A run's budgets as its workflow meets them: the {@link RunMeter} of the attempt under way, the
 * model usage each call adds, and what a budget stop does (fail the run, or wait for a person). The
 * spec a run is held to is fixed when it is first claimed ({@link RunClaim}).
 *
 * <p>Called by the workflows: the reads need no transaction ({@code SUPPORTS}), and each call's
 * usage joins the transaction of the step that records the call's answer ({@code REQUIRED}).
 */
@ApplicationScoped
public class RunMeters {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject RunSpecs specs;
  @Inject RunJournal journal;
  @Inject Clock clock;

  /**
   * A meter of the run's budgets for the attempt under way: the spec it started under, from the
   * attempt's start, counting the model tokens every attempt spent so far. A run from before
   * budgets is held to its agent's budgets as they are now. Under a daily quota, the tokens of the
   * agent's other runs that started today count too (one statement; a run that started before
   * midnight counts toward the day it started).
   *
   * @throws IllegalStateException when the run is not started
   */
  @Transactional(TxType.SUPPORTS)
  public RunMeter meter(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry == null || entry.getStatus() != WakeStatus.STARTED) {
      throw new IllegalStateException("run " + runKey + " is not started; it has no meter");
    }
    var spec =
        entry
            .getRunSpec()
            .map(RunSpec::fromJson)
            .orElseGet(
                () -> {
                  var agent = agents.get(entry.getAgentId());
                  return specs.forAgent(agent.getKind(), agent.getConfig());
                });
    var meter =
        new RunMeter(
                spec,
                entry.getStartedAt(),
                Math.addExact(entry.getInputTokens(), entry.getOutputTokens()),
                clock)
            .stopWhen(runKey, () -> journal.cancelRequested(runKey));
    var daily = spec.daily();
    if (daily.isPresent()) {
      meter.spentTodayElsewhere(
          em.createNamedQuery("WakeRunLogEntry.tokensSince", Long.class)
              .setParameter("agentId", entry.getAgentId())
              .setParameter("since", daily.get().dayStart(clock.instant()))
              .setParameter("runKey", runKey)
              .getSingleResult());
    }
    // The entry just read carries the cancel mark: the first boundary, right after, takes it from
    // here instead of reading it again. A mark that is set is read again there, and stops the run.
    return entry.getCancelRequestedAt() == null ? meter.withCancelMarkUnset() : meter;
  }

  /** Whether the run's spec says a budget stop waits for a person instead of failing the run. */
  @Transactional(TxType.SUPPORTS)
  public boolean asksHumanOnBudget(String runKey) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    return entry != null
        && entry.getRunSpec().map(RunSpec::fromJson).map(RunSpec::askHumanOnBudget).orElse(false);
  }

  /**
   * Adds the model usage of one call to the run's log entry, in the transaction of the step that
   * records the call's answer, or committed at once outside one.
   */
  @Transactional(TxType.REQUIRED)
  public void addUsage(String runKey, long inputTokens, long outputTokens) {
    var entry = em.find(WakeRunLogEntry.class, runKey);
    if (entry != null) {
      entry.addUsage(inputTokens, outputTokens, 1);
    }
  }

  /**
   * The budget stop behind a failure (it, or one of its causes): a run budget's or the daily
   * quota's.
   */
  static Optional<RunBudgetExceededException> budgetStopOf(Throwable failure) {
    return WakeRunner.causeOf(failure, RunBudgetExceededException.class);
  }
}
