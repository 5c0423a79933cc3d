package io.reveille.platform.persistence;

import io.reveille.platform.DatabaseKind;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import javax.sql.DataSource;

/**
 * Which database the persistence unit's data source reaches, asked once (one connection's metadata)
 * and then remembered: for the few statements that must be written for each database (an upsert, a
 * claim that skips locked rows).
 */
@ApplicationScoped
public class TheDatabase {

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  private volatile DatabaseKind kind;

  /**
   * The kind of {@code jdbc/reveille}.
   *
   * @throws IllegalStateException when the database cannot be reached (asked again next time) or is
   *     neither Derby nor PostgreSQL
   */
  public DatabaseKind kind() {
    var known = kind;
    if (known == null) {
      known = DatabaseKind.of(dataSource);
      kind = known;
    }
    return known;
  }
}
