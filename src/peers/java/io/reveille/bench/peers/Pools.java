package io.reveille.bench.peers;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.reveille.cluster.Postgres;

/** The peers' connection pools: Hikari on a database of the harness's PostgreSQL. */
final class Pools {

  private Pools() {}

  /** A pool named {@code name} of at most {@code size} connections to {@code database}. */
  static HikariDataSource of(Postgres postgres, String database, String name, int size) {
    var config = new HikariConfig();
    config.setJdbcUrl(postgres.jdbcUrl(database));
    config.setUsername(Postgres.USER);
    config.setPassword(Postgres.PASSWORD);
    config.setMaximumPoolSize(size);
    config.setPoolName(name);
    return new HikariDataSource(config);
  }
}
