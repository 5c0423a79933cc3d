package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SchemaMigratorTest {

  @Test
  void unboundedTextIsClobOnDerbyAndTextOnPostgresql() {
    assertEquals("CLOB", SchemaMigrator.textType("Apache Derby"));
    assertEquals("TEXT", SchemaMigrator.textType("PostgreSQL"));
  }

  @Test
  void anUnsupportedDatabaseIsRefusedByName() {
    var e = assertThrows(IllegalStateException.class, () -> SchemaMigrator.textType("H2"));
    assertEquals(true, e.getMessage().contains("'H2'"));
  }
}
