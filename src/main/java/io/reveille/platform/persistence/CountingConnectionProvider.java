package io.reveille.platform.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;
import org.hibernate.engine.jdbc.connections.internal.DatasourceConnectionProviderImpl;

/**
 * The persistence unit's connections: the container's data source, as Hibernate takes it by
 * default; with {@value RoundTrips#SETTING} on, each connection wrapped so that its statements are
 * counted ({@link RoundTrips}). Every query, native statement and JDBC batch of the application
 * passes through here, so the count is what the database is asked, on both databases alike. Off
 * (the default) it hands out the container's connections themselves and costs nothing.
 *
 * <p>Named in {@code persistence.xml} ({@code hibernate.connection.provider_class}). The setting is
 * read once, when the persistence unit starts.
 */
public class CountingConnectionProvider extends DatasourceConnectionProviderImpl {

  private static final long serialVersionUID = 1L;

  private static final Logger LOG = Logger.getLogger(CountingConnectionProvider.class.getName());

  private boolean counting;

  @Override
  public void configure(Map<String, Object> settings) {
    super.configure(settings);
    counting =
        ConfigProvider.getConfig(CountingConnectionProvider.class.getClassLoader())
            .getOptionalValue(RoundTrips.SETTING, Boolean.class)
            .orElse(false);
    if (counting) {
      RoundTrips.turnOn();
      LOG.info("Statements and transactions are counted per thread (" + RoundTrips.SETTING + ")");
    }
  }

  @Override
  public Connection getConnection() throws SQLException {
    var connection = super.getConnection();
    return counting ? CountingJdbc.connection(connection) : connection;
  }
}
