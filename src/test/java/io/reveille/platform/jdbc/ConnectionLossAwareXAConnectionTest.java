package io.reveille.platform.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.ConnectionEvent;
import javax.sql.ConnectionEventListener;
import javax.sql.StatementEventListener;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;
import org.junit.jupiter.api.Test;

class ConnectionLossAwareXAConnectionTest {

  @Test
  void aPoolSeesConnectionEventsComingFromTheConnectionItRegisteredWith() throws SQLException {
    var driver = new DriverConnection();
    var connection = new ConnectionLossAwareXAConnection(driver);
    var seen = new ArrayList<ConnectionEvent>();
    var pool = new RecordingListener(seen);
    connection.addConnectionEventListener(pool);
    var fatal = new SQLException("connection lost", "08006");

    driver.fireError(fatal);
    driver.fireClosed();

    assertEquals(2, seen.size());
    assertSame(connection, seen.get(0).getSource());
    assertSame(fatal, seen.get(0).getSQLException());
    assertSame(connection, seen.get(1).getSource());
  }

  @Test
  void aRemovedListenerHearsNothingMore() throws SQLException {
    var driver = new DriverConnection();
    var connection = new ConnectionLossAwareXAConnection(driver);
    var seen = new ArrayList<ConnectionEvent>();
    var pool = new RecordingListener(seen);
    connection.addConnectionEventListener(pool);

    connection.removeConnectionEventListener(pool);
    driver.fireClosed();

    assertTrue(seen.isEmpty());
    assertTrue(driver.listeners.isEmpty());
  }

  @Test
  void theXaResourceIsTheConnectionLossAwareOne() throws SQLException {
    var connection = new ConnectionLossAwareXAConnection(new DriverConnection());

    assertInstanceOf(ConnectionLossAwareXAResource.class, connection.getXAResource());
    assertSame(connection.getXAResource(), connection.getXAResource());
  }

  private record RecordingListener(List<ConnectionEvent> seen) implements ConnectionEventListener {
    @Override
    public void connectionClosed(ConnectionEvent event) {
      seen.add(event);
    }

    @Override
    public void connectionErrorOccurred(ConnectionEvent event) {
      seen.add(event);
    }
  }

  /** A driver's pooled XA connection that fires its events with itself as the source. */
  private static final class DriverConnection implements XAConnection {
    final List<ConnectionEventListener> listeners = new ArrayList<>();

    void fireError(SQLException error) {
      List.copyOf(listeners)
          .forEach(l -> l.connectionErrorOccurred(new ConnectionEvent(this, error)));
    }

    void fireClosed() {
      List.copyOf(listeners).forEach(l -> l.connectionClosed(new ConnectionEvent(this)));
    }

    @Override
    public XAResource getXAResource() {
      return null;
    }

    @Override
    public Connection getConnection() {
      throw new UnsupportedOperationException();
    }

    @Override
    public void close() {}

    @Override
    public void addConnectionEventListener(ConnectionEventListener listener) {
      listeners.add(listener);
    }

    @Override
    public void removeConnectionEventListener(ConnectionEventListener listener) {
      listeners.remove(listener);
    }

    @Override
    public void addStatementEventListener(StatementEventListener listener) {}

    @Override
    public void removeStatementEventListener(StatementEventListener listener) {}
  }
}
