package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The transaction each step of a run gets. A self-contained run is begun, executed and completed in
 * one transaction only because the beans doing the work join the caller's: one of them beginning a
 * transaction of its own would commit half a run.
 */
class RunStepTransactionsTest {

  /** The transaction type each non-private method of {@code type} runs under, by method name. */
  private static Map<String, TxType> txTypes(Class<?> type) {
    var onClass = type.getAnnotation(Transactional.class);
    var types = new TreeMap<String, TxType>();
    for (Method method : type.getDeclaredMethods()) {
      if (Modifier.isPrivate(method.getModifiers())
          || Modifier.isStatic(method.getModifiers())
          || method.isSynthetic()) {
        continue;
      }
      var onMethod = method.getAnnotation(Transactional.class);
      var declared = onMethod != null ? onMethod : onClass;
      types.put(method.getName(), declared == null ? null : declared.value());
    }
    return types;
  }

  @Test
  void theBeansDoingARunsWorkJoinTheStepsTransactionAndNeverBeginOne() {
    for (var type :
        List.of(
            RunGate.class,
            RunClaim.class,
            RunCompletion.class,
            RunFailures.class,
            RunEntries.class)) {
      var notJoining =
          txTypes(type).entrySet().stream()
              .filter(method -> method.getValue() != TxType.MANDATORY)
              .map(Map.Entry::getKey)
              .toList();
      assertEquals(
          List.of(), notJoining, type.getSimpleName() + " runs in its caller's transaction only");
    }
  }

  @Test
  void eachStepOfARunBeginsItsOwnTransactionExceptTheWorkflowAndARunWithinTheIntake() {
    var types = txTypes(WakeRunSteps.class);
    assertEquals(TxType.NOT_SUPPORTED, types.get("execute"));
    assertEquals(TxType.MANDATORY, types.get("runWithin"));
    for (var step :
        List.of("begin", "beginOrRun", "complete", "fail", "park", "cancelled", "abandon")) {
      assertEquals(TxType.REQUIRES_NEW, types.get(step), step);
    }
  }

  /**
   * A model turn is one transaction: the journal's step begins it, and the writes of the turn — its
   * decision, its usage, its checkpoint — join it (each its own transaction when called outside
   * one, as a turn that goes again write by write does).
   */
  @Test
  void aStepBeginsOneTransactionThatItsDecisionUsageAndCheckpointJoin() {
    var journal = txTypes(RunJournal.class);
    assertEquals(TxType.REQUIRES_NEW, journal.get("inStep"));
    for (var write : List.of("decided", "began", "ended")) {
      assertEquals(TxType.REQUIRED, journal.get(write), write);
    }
    assertEquals(TxType.MANDATORY, journal.get("settle"));
    assertEquals(TxType.REQUIRED, txTypes(RunMeters.class).get("addUsage"));
  }

  @Test
  void leasesAreRenewedInTransactionsOfTheirOwnWhileLivenessJoinsBegin() {
    var leases = txTypes(RunLeases.class);
    assertEquals(TxType.REQUIRES_NEW, leases.get("heartbeat"));
    assertEquals(TxType.MANDATORY, leases.get("isLive"));
    assertEquals(TxType.MANDATORY, leases.get("withinLease"));
    assertEquals(TxType.MANDATORY, leases.get("otherRunInProgress"));
    assertEquals(TxType.SUPPORTS, leases.get("startedBefore"));
    assertEquals(TxType.SUPPORTS, leases.get("queuedBefore"));
    var meters = txTypes(RunMeters.class);
    assertEquals(TxType.SUPPORTS, meters.get("meter"));
    assertEquals(TxType.SUPPORTS, meters.get("asksHumanOnBudget"));
  }
}
