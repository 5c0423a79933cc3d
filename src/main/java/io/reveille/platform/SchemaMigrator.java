package io.reveille.platform;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the database schema to the version this build expects before anything uses it.
 *
 * <p>The schema is owned by the versioned scripts in {@code db/migration}, the same scripts for the
 * embedded Derby database and PostgreSQL; Hibernate never generates DDL. Running at start-up inside
 * the server (rather than from a build plugin) means an operator upgrading Reveille only deploys
 * the new application. Several nodes starting at once are safe: Flyway serialises them with a
 * database lock.
 *
 * <p>Outside any JTA transaction, because Flyway commits each migration itself.
 */
@Startup
@Singleton
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class SchemaMigrator {

  private static final Logger LOG = Logger.getLogger(SchemaMigrator.class.getName());

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @PostConstruct
  void migrate() {
    var result = migrate(dataSource, DatabaseKind.of(dataSource).textType());
    LOG.log(
        Level.INFO,
        "Database schema at version {0} ({1} migration(s) applied)",
        new Object[] {result.targetSchemaVersion, result.migrationsExecuted});
  }

  /** Applies every pending migration of this build to the database behind {@code dataSource}. */
  static MigrateResult migrate(DataSource dataSource, String textType) {
    var classLoader = SchemaMigrator.class.getClassLoader();
    return Flyway.configure(classLoader)
        .dataSource(dataSource)
        .placeholders(Map.of("text_type", textType))
        .resourceProvider(new SchemaMigrations(classLoader))
        // Liberty's persistent EJB timer store (WLPTASK, WLPPART, WLPPROP), which earlier versions
        // used, shared the database and may have created its tables before this first ran: then
        // the schema is not empty, and Flyway starts the history at version 0 and applies every
        // script, instead of refusing. A schema holding Reveille's tables without a history still
        // fails loudly, on the first CREATE TABLE.
        .baselineOnMigrate(true)
        .baselineVersion("0")
        .baselineDescription("tables of the EJB timer store, created before the first migration")
        .javaMigrationClassProvider(List::of)
        .load()
        .migrate();
  }
}
