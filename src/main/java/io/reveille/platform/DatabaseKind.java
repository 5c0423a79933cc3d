package io.reveille.platform;

import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The two databases Reveille runs on, told apart by the product name their JDBC driver reports, and
 * what differs between them: the only place that decides which one a data source is.
 */
public enum DatabaseKind {
  DERBY("CLOB", false),
  POSTGRESQL("TEXT", true);

  private final String textType;
  private final boolean skipsLocked;

  DatabaseKind(String textType, boolean skipsLocked) {
    this.textType = textType;
    this.skipsLocked = skipsLocked;
  }

  /**
   * The kind of a product name as {@code DatabaseMetaData.getDatabaseProductName()} reports it.
   *
   * @throws IllegalStateException for any database but Apache Derby and PostgreSQL, naming it
   */
  public static DatabaseKind of(String databaseProduct) {
    var product = databaseProduct.toLowerCase(Locale.ROOT);
    if (product.contains("derby")) {
      return DERBY;
    }
    if (product.contains("postgres")) {
      return POSTGRESQL;
    }
    throw new IllegalStateException(
        "Unsupported database '"
            + databaseProduct
            + "': Reveille runs on Apache Derby or PostgreSQL");
  }

  /** The kind of the database behind {@code dataSource}: one connection, its metadata. */
  public static DatabaseKind of(DataSource dataSource) {
    try (var connection = dataSource.getConnection()) {
      return of(connection.getMetaData().getDatabaseProductName());
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot reach the database: " + e.getMessage(), e);
    }
  }

  /**
   * The column type for unbounded text (JSON documents, report bodies), the one thing the
   * migrations cannot say portably: {@code CLOB} on Derby, {@code TEXT} on PostgreSQL. Both read
   * and write as a plain string through JDBC, so the entities map them without {@code @Lob}.
   */
  public String textType() {
    return textType;
  }

  /**
   * Whether a locking read can skip the rows other transactions hold ({@code FOR UPDATE SKIP
   * LOCKED}): PostgreSQL can, Derby cannot.
   */
  public boolean skipsLocked() {
    return skipsLocked;
  }
}
