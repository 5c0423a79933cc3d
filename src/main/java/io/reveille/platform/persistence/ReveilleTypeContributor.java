package io.reveille.platform.persistence;

import java.util.logging.Logger;
import org.hibernate.boot.model.TypeContributions;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.service.ServiceRegistry;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.jdbc.TimestampUtcAsJdbcTimestampJdbcType;
import org.hibernate.type.descriptor.jdbc.spi.JdbcTypeRegistry;

/**
 * Puts {@link ThreadSafeUtcTimestampJdbcType} in place of Hibernate's thread-unsafe UTC timestamp
 * type wherever the dialect chose that one (Derby); other dialects (PostgreSQL binds an {@code
 * OffsetDateTime}) are left alone. Found by Hibernate through {@code
 * META-INF/services/org.hibernate.boot.model.TypeContributor}, after the dialect's own types.
 */
public class ReveilleTypeContributor implements TypeContributor {

  private static final Logger LOG = Logger.getLogger(ReveilleTypeContributor.class.getName());

  @Override
  public void contribute(TypeContributions contributions, ServiceRegistry serviceRegistry) {
    replaceUnsafeUtcTimestamp(contributions.getTypeConfiguration().getJdbcTypeRegistry());
  }

  static void replaceUnsafeUtcTimestamp(JdbcTypeRegistry registry) {
    var current = registry.getDescriptor(SqlTypes.TIMESTAMP_UTC);
    if (current != null && current.getClass() == TimestampUtcAsJdbcTimestampJdbcType.class) {
      registry.addDescriptor(SqlTypes.TIMESTAMP_UTC, new ThreadSafeUtcTimestampJdbcType());
      LOG.info("Instants are bound and read with a per-thread UTC calendar (HHH-20355)");
    }
  }
}
