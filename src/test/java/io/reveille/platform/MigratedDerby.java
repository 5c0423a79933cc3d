package io.reveille.platform;

import java.util.List;
import java.util.Map;
import org.apache.derby.jdbc.EmbeddedDataSource;
import org.flywaydb.core.Flyway;

/**
 * An in-memory Derby database with Reveille's schema migrated up to one version, for tests that
 * plant the rows an older release left and then run the migrations after it.
 */
public final class MigratedDerby {

  private MigratedDerby() {}

  /** A fresh database named {@code name}, migrated up to and including {@code version}. */
  public static EmbeddedDataSource at(String name, String version) {
    var dataSource = new EmbeddedDataSource();
    dataSource.setDatabaseName("memory:" + name);
    dataSource.setCreateDatabase("create");
    var classLoader = SchemaMigrator.class.getClassLoader();
    Flyway.configure(classLoader)
        .dataSource(dataSource)
        .placeholders(Map.of("text_type", "CLOB"))
        .resourceProvider(new SchemaMigrations(classLoader))
        .javaMigrationClassProvider(List::of)
        .target(version)
        .load()
        .migrate();
    return dataSource;
  }
}
