package io.reveille.platform.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

class ConnectionLossAwareXAResourceTest {

  private static XAException failure(int errorCode, Throwable cause) {
    var failure = new XAException("Error committing prepared transaction.");
    failure.errorCode = errorCode;
    failure.initCause(cause);
    return failure;
  }

  private static SQLException adminShutdown() {
    return new SQLException("terminating connection due to administrator command", "57P01");
  }

  @Test
  void resourceManagerErrorFromAServerShutdownIsReportedAsUnavailable() {
    var original = failure(XAException.XAER_RMERR, adminShutdown());

    var reported = ConnectionLossAwareXAResource.reported(original);

    assertEquals(XAException.XAER_RMFAIL, reported.errorCode);
    assertSame(original, reported.getCause());
  }

  @Test
  void aConnectionFailureDeeperInTheCauseChainCounts() {
    var io = new PSQLException("An I/O error occurred", PSQLState.CONNECTION_FAILURE);
    var original = failure(XAException.XAER_RMERR, new RuntimeException("wrapped", io));

    assertEquals(
        XAException.XAER_RMFAIL, ConnectionLossAwareXAResource.reported(original).errorCode);
  }

  @Test
  void aDatabaseStartingUpOrCrashedCountsAsUnavailable() {
    for (var state : List.of("57P02", "57P03", "08003", "08006")) {
      var original = failure(XAException.XAER_RMERR, new SQLException("gone", state));
      assertEquals(
          XAException.XAER_RMFAIL,
          ConnectionLossAwareXAResource.reported(original).errorCode,
          state);
    }
  }

  @Test
  void otherDatabaseErrorsStayFinal() {
    var duplicate = new SQLException("duplicate key", "23505");
    var original = failure(XAException.XAER_RMERR, duplicate);

    assertSame(original, ConnectionLossAwareXAResource.reported(original));
    var withoutCause = new XAException(XAException.XAER_RMERR);
    assertSame(withoutCause, ConnectionLossAwareXAResource.reported(withoutCause));
  }

  @Test
  @Timeout(10)
  void aCauseChainThatLoopsEndsTheSearch() {
    var first = new SQLException("first", "23505");
    var second = new SQLException("second", "23505", first);
    first.initCause(second);

    assertFalse(
        ConnectionLossAwareXAResource.connectionLost(failure(XAException.XAER_RMERR, first)));
  }

  @Test
  void rollbackCodesAndUnknownBranchesPassUnchangedEvenWhenTheConnectionWasLost() {
    for (var code :
        List.of(XAException.XA_RBROLLBACK, XAException.XAER_NOTA, XAException.XA_HEURHAZ)) {
      var original = failure(code, adminShutdown());
      assertSame(original, ConnectionLossAwareXAResource.reported(original));
    }
  }

  @Test
  void everyTwoPhaseCallOfTheWrappedResourceReportsALostConnectionAsUnavailable() {
    var driver = new FailingResource(failure(XAException.XAER_RMERR, adminShutdown()));
    var resource = new ConnectionLossAwareXAResource(driver);
    Xid xid = null;

    for (ThrowingCall call :
        List.<ThrowingCall>of(
            () -> resource.prepare(xid),
            () -> resource.commit(xid, false),
            () -> resource.commit(xid, true),
            () -> resource.rollback(xid),
            () -> resource.end(xid, XAResource.TMSUCCESS),
            () -> resource.start(xid, XAResource.TMNOFLAGS),
            () -> resource.forget(xid),
            () -> resource.recover(XAResource.TMSTARTRSCAN))) {
      var thrown = assertThrows(XAException.class, call::run);
      assertEquals(XAException.XAER_RMFAIL, thrown.errorCode);
    }
    assertEquals(
        List.of("prepare", "commit", "commit", "rollback", "end", "start", "forget", "recover"),
        driver.calls);
  }

  @Test
  void sameResourceManagerIsAskedOfTheDriversResources() throws XAException {
    var driver = new FailingResource(null);
    var resource = new ConnectionLossAwareXAResource(driver);

    assertTrue(resource.isSameRM(new ConnectionLossAwareXAResource(driver)));
    assertFalse(resource.isSameRM(new FailingResource(null)));
  }

  @FunctionalInterface
  private interface ThrowingCall {
    void run() throws XAException;
  }

  /** A driver resource whose two-phase calls fail with the given exception, recording each call. */
  private static final class FailingResource implements XAResource {
    final List<String> calls = new ArrayList<>();
    private final XAException failure;

    FailingResource(XAException failure) {
      this.failure = failure;
    }

    private void fail(String call) throws XAException {
      calls.add(call);
      throw failure;
    }

    @Override
    public void start(Xid xid, int flags) throws XAException {
      fail("start");
    }

    @Override
    public void end(Xid xid, int flags) throws XAException {
      fail("end");
    }

    @Override
    public int prepare(Xid xid) throws XAException {
      fail("prepare");
      return XA_OK;
    }

    @Override
    public void commit(Xid xid, boolean onePhase) throws XAException {
      fail("commit");
    }

    @Override
    public void rollback(Xid xid) throws XAException {
      fail("rollback");
    }

    @Override
    public void forget(Xid xid) throws XAException {
      fail("forget");
    }

    @Override
    public Xid[] recover(int flag) throws XAException {
      fail("recover");
      return new Xid[0];
    }

    @Override
    public boolean isSameRM(XAResource other) {
      return other == this;
    }

    @Override
    public int getTransactionTimeout() {
      return 0;
    }

    @Override
    public boolean setTransactionTimeout(int seconds) {
      return false;
    }
  }
}
