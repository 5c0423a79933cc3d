package io.reveille.platform.jdbc;

import java.sql.SQLException;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The driver's {@link XAResource}, except that an {@code XAER_RMERR} caused by a lost connection is
 * reported as {@code XAER_RMFAIL}: the outcome at the database is unknown until it can be asked
 * again, so the transaction manager must retry rather than take the error as final.
 */
final class ConnectionLossAwareXAResource implements XAResource {

  /** How deep the cause chain is searched for the connection failure. */
  static final int MAX_CAUSES = 32;

  private final XAResource delegate;

  ConnectionLossAwareXAResource(XAResource delegate) {
    this.delegate = delegate;
  }

  /**
   * The exception to report for {@code failure}: {@code XAER_RMFAIL} (with {@code failure} as its
   * cause) when it is an {@code XAER_RMERR} whose cause is a lost connection, else {@code failure}
   * itself. Rollback codes and heuristic outcomes are final answers and pass unchanged.
   */
  static XAException reported(XAException failure) {
    if (failure.errorCode != XAException.XAER_RMERR || !connectionLost(failure)) {
      return failure;
    }
    var unavailable =
        new XAException(
            "Connection to the database lost; the outcome is retried once it is back: "
                + failure.getMessage());
    unavailable.errorCode = XAException.XAER_RMFAIL;
    unavailable.initCause(failure);
    return unavailable;
  }

  /**
   * Whether a cause of {@code failure} is an SQL error of class 08 (connection exception) or
   * 57P01–57P03 (the server shut down, crashed, or cannot accept connections yet).
   */
  static boolean connectionLost(Throwable failure) {
    // Bounded: a cause chain that loops back on itself ends the search rather than the thread.
    var depth = 0;
    for (Throwable cause = failure;
        cause != null && depth < MAX_CAUSES;
        cause = cause.getCause(), depth++) {
      if (cause instanceof SQLException sql && sql.getSQLState() != null) {
        var state = sql.getSQLState();
        if (state.startsWith("08") || state.startsWith("57P0")) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public void start(Xid xid, int flags) throws XAException {
    try {
      delegate.start(xid, flags);
    } catch (XAException e) {
      throw reported(e);
    }
  }

  @Override
  public void end(Xid xid, int flags) throws XAException {
    try {
      delegate.end(xid, flags);
    } catch (XAException e) {
      throw reported(e);
    }
  }

  @Override
  public int prepare(Xid xid) throws XAException {
    try {
      return delegate.prepare(xid);
    } catch (XAException e) {
      throw reported(e);
    }
  }

  @Override
  public void commit(Xid xid, boolean onePhase) throws XAException {
    try {
      delegate.commit(xid, onePhase);
    } catch (XAException e) {
      throw reported(e);
    }
  }

  @Override
  public void rollback(Xid xid) throws XAException {
    try {
      delegate.rollback(xid);
    } catch (XAException e) {
      throw reported(e);
    }
  }

  @Override
  public void forget(Xid xid) throws XAException {
    try {
      delegate.forget(xid);
    } catch (XAException e) {
      throw reported(e);
    }
  }

  @Override
  public Xid[] recover(int flag) throws XAException {
    try {
      return delegate.recover(flag);
    } catch (XAException e) {
      throw reported(e);
    }
  }

  @Override
  public boolean isSameRM(XAResource other) throws XAException {
    var unwrapped = other instanceof ConnectionLossAwareXAResource aware ? aware.delegate : other;
    return delegate.isSameRM(unwrapped);
  }

  @Override
  public int getTransactionTimeout() throws XAException {
    return delegate.getTransactionTimeout();
  }

  @Override
  public boolean setTransactionTimeout(int seconds) throws XAException {
    return delegate.setTransactionTimeout(seconds);
  }
}
