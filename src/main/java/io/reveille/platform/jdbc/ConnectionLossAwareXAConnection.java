package io.reveille.platform.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.ConnectionEvent;
import javax.sql.ConnectionEventListener;
import javax.sql.StatementEventListener;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;

/**
 * An XA connection whose {@link XAResource} reports a lost connection as {@code XAER_RMFAIL}.
 * Connection events are passed on with this connection as their source, since a pool matches an
 * event to the pooled connection it registered with.
 */
final class ConnectionLossAwareXAConnection implements XAConnection {

  private final XAConnection delegate;
  private final XAResource resource;
  private final Map<ConnectionEventListener, ConnectionEventListener> forwarders =
      new ConcurrentHashMap<>();

  ConnectionLossAwareXAConnection(XAConnection delegate) throws SQLException {
    this.delegate = delegate;
    this.resource = new ConnectionLossAwareXAResource(delegate.getXAResource());
  }

  @Override
  public XAResource getXAResource() {
    return resource;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return delegate.getConnection();
  }

  @Override
  public void close() throws SQLException {
    delegate.close();
  }

  @Override
  public void addConnectionEventListener(ConnectionEventListener listener) {
    var forwarder = forwarders.computeIfAbsent(listener, this::forwarderTo);
    delegate.addConnectionEventListener(forwarder);
  }

  @Override
  public void removeConnectionEventListener(ConnectionEventListener listener) {
    var forwarder = forwarders.remove(listener);
    if (forwarder != null) {
      delegate.removeConnectionEventListener(forwarder);
    }
  }

  @Override
  public void addStatementEventListener(StatementEventListener listener) {
    delegate.addStatementEventListener(listener);
  }

  @Override
  public void removeStatementEventListener(StatementEventListener listener) {
    delegate.removeStatementEventListener(listener);
  }

  private ConnectionEventListener forwarderTo(ConnectionEventListener listener) {
    var source = this;
    return new ConnectionEventListener() {
      @Override
      public void connectionClosed(ConnectionEvent event) {
        listener.connectionClosed(new ConnectionEvent(source, event.getSQLException()));
      }

      @Override
      public void connectionErrorOccurred(ConnectionEvent event) {
        listener.connectionErrorOccurred(new ConnectionEvent(source, event.getSQLException()));
      }
    };
  }
}
