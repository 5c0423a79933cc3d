package io.reveille.platform.jdbc;

import java.sql.SQLException;
import javax.sql.XAConnection;
import org.postgresql.xa.PGXADataSource;

/**
 * PostgreSQL's XA data source, with two corrections. First, a connection lost during an XA call
 * (the database restarted or the network dropped) is reported as {@code XAER_RMFAIL}, "the resource
 * manager is unavailable", as the XA specification defines it.
 *
 * <p>The driver reports it as {@code XAER_RMERR}, a final error. When that happens on the second
 * phase, after the broker's branch has already committed, the transaction manager takes the failure
 * as a heuristic outcome and gives the branch up: the prepared PostgreSQL transaction then keeps
 * its row locks until an operator resolves it, and the rows the broker's half depends on are never
 * written. With {@code XAER_RMFAIL} the transaction manager keeps the transaction and retries the
 * commit (or rollback) with a new connection until the database is back, which completes the
 * prepared branch. A retry that finds the branch already completed gets {@code XAER_NOTA}, which
 * the transaction manager takes as done.
 *
 * <p>Second, the server's error details stay out of exception messages ({@code
 * logServerErrorDetail=false}). PostgreSQL's details quote the values a statement carried — "Key
 * (batch_id)=(…) already exists" for two deliveries of one batch that race to record it — and those
 * values come from outside: a producer's batch id, a client's operation id. In an exception message
 * they reach the server log unescaped, where a line break in one would start a forged log line, and
 * whatever personal data a row holds would be logged with them. The SQL state and the constraint's
 * name still say what went wrong.
 *
 * <p>The server's PostgreSQL configuration names this class as the XA data source; it is set up
 * with the same {@code properties.postgresql} as the driver's own.
 */
public class PostgresXaDataSource extends PGXADataSource {

  public PostgresXaDataSource() {
    setLogServerErrorDetail(false);
  }

  // The no-argument variant of the driver calls this one with the configured user and password.
  @Override
  public XAConnection getXAConnection(String user, String password) throws SQLException {
    return new ConnectionLossAwareXAConnection(super.getXAConnection(user, password));
  }

  @Override
  public String getDescription() {
    return "PostgreSQL XA data source reporting lost connections as XAER_RMFAIL";
  }
}
