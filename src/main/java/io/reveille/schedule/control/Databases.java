package io.reveille.schedule.control;

import jakarta.persistence.EntityManager;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/** Which database the persistence unit runs on, where a statement must differ. */
final class Databases {

  private Databases() {}

  /** Whether {@code em}'s database is PostgreSQL (else Apache Derby). */
  static boolean isPostgres(EntityManager em) {
    return em.getEntityManagerFactory()
            .unwrap(SessionFactoryImplementor.class)
            .getJdbcServices()
            .getDialect()
        instanceof PostgreSQLDialect;
  }
}
