package io.reveille.memory.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AgentCompactionJobTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(1);
  private static final Instant T2 = T0.plusSeconds(2);
  private static final Instant LEASE = T0.plusSeconds(600);

  private static AgentCompactionJob job() {
    return new AgentCompactionJob("j-1", "agent-1", "agent-1:run:w1", "m-1", "m-9", T0);
  }

  private static AgentCompactionJob running() {
    var job = job();
    job.start(T1, LEASE);
    return job;
  }

  @Test
  void newJobIsPendingAndDueAtOnce() {
    var job = job();
    assertEquals(CompactionJobStatus.PENDING, job.getStatus());
    assertEquals(T0, job.getNextAttemptAt());
    assertEquals(0, job.getAttempts());
    assertNull(job.getLastError());
  }

  @Test
  void startingAPendingJobRunsItAndCountsAnAttempt() {
    var job = running();
    assertEquals(CompactionJobStatus.RUNNING, job.getStatus());
    assertEquals(1, job.getAttempts());
    assertEquals(T1, job.getUpdatedAt());
  }

  @Test
  void runningJobCompletes() {
    var job = running();
    job.complete(T2);
    assertEquals(CompactionJobStatus.COMPLETED, job.getStatus());
    assertEquals(T2, job.getUpdatedAt());
  }

  @Test
  void failedAttemptGoesBackToPendingUntilItsRetryTime() {
    var job = running();
    var retryAt = T2.plusSeconds(30);
    job.fail(T2, "rate limited", retryAt);
    assertEquals(CompactionJobStatus.PENDING, job.getStatus());
    assertEquals(retryAt, job.getNextAttemptAt());
    assertEquals("rate limited", job.getLastError());
    job.start(retryAt, retryAt.plusSeconds(600));
    assertEquals(2, job.getAttempts());
  }

  @Test
  void retryTimeInThePastIsRefused() {
    var job = running();
    assertEquals(
        "retryAt",
        assertThrows(InvalidInputException.class, () -> job.fail(T2, "x", T1)).getField());
    assertEquals(CompactionJobStatus.RUNNING, job.getStatus());
  }

  @Test
  void exhaustedJobFailsTerminallyAndOnlyAManualRetryRevivesIt() {
    var job = running();
    job.failTerminally(T2, "x".repeat(3000));
    assertEquals(CompactionJobStatus.FAILED, job.getStatus());
    assertEquals(2000, job.getLastError().length());
    assertThrows(IllegalTransitionException.class, () -> job.start(T2, LEASE));
    var later = T2.plusSeconds(3600);
    job.retry(later);
    assertEquals(CompactionJobStatus.PENDING, job.getStatus());
    assertEquals(later, job.getNextAttemptAt());
  }

  @Test
  void pendingJobCannotCompleteFailOrBeRetried() {
    var job = job();
    assertThrows(IllegalTransitionException.class, () -> job.complete(T1));
    assertThrows(IllegalTransitionException.class, () -> job.fail(T1, "x", T2));
    assertThrows(IllegalTransitionException.class, () -> job.failTerminally(T1, "x"));
    assertThrows(IllegalTransitionException.class, () -> job.retry(T1));
    assertEquals(CompactionJobStatus.PENDING, job.getStatus());
  }

  @Test
  void runningJobCannotStartAgain() {
    var job = running();
    var error = assertThrows(IllegalTransitionException.class, () -> job.start(T2, LEASE));
    assertEquals("running", error.getFrom());
    assertEquals("running", error.getTo());
    assertEquals(1, job.getAttempts());
  }

  @Test
  void aRunningJobPastItsLeaseIsDueAndTakenOverAsAnotherAttempt() {
    var job = running();
    assertEquals(false, job.due(LEASE.minusSeconds(1)));
    assertEquals(true, job.due(LEASE));
    var later = LEASE.plusSeconds(600);
    job.start(LEASE, later);
    assertEquals(CompactionJobStatus.RUNNING, job.getStatus());
    assertEquals(2, job.getAttempts());
    assertEquals(later, job.getNextAttemptAt());
  }

  @Test
  void completedJobIsFinal() {
    var job = running();
    job.complete(T2);
    assertThrows(IllegalTransitionException.class, () -> job.start(T2, LEASE));
    assertThrows(IllegalTransitionException.class, () -> job.complete(T2));
    assertThrows(IllegalTransitionException.class, () -> job.fail(T2, "x", T2));
    assertThrows(IllegalTransitionException.class, () -> job.failTerminally(T2, "x"));
    assertThrows(IllegalTransitionException.class, () -> job.retry(T2));
    assertEquals(CompactionJobStatus.COMPLETED, job.getStatus());
  }

  @Test
  void jobNeedsBothEndsOfItsSpan() {
    assertEquals(
        "startMessageId",
        assertThrows(
                InvalidInputException.class,
                () -> new AgentCompactionJob("j", "a", "t", null, "m-9", T0))
            .getField());
    assertEquals(
        "endMessageId",
        assertThrows(
                InvalidInputException.class,
                () -> new AgentCompactionJob("j", "a", "t", "m-1", "", T0))
            .getField());
  }
}
