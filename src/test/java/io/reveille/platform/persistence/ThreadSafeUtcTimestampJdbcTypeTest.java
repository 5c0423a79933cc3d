package io.reveille.platform.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Calendar;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.java.InstantJavaType;
import org.hibernate.type.descriptor.jdbc.TimestampUtcAsJdbcTimestampJdbcType;
import org.hibernate.type.descriptor.jdbc.TimestampWithTimeZoneJdbcType;
import org.hibernate.type.spi.TypeConfiguration;
import org.junit.jupiter.api.Test;

class ThreadSafeUtcTimestampJdbcTypeTest {

  private static final Instant AT = Instant.parse("2026-11-23T03:29:56.604604058Z");

  /** Binds {@link #AT} on this thread; returns the calendar the driver was given. */
  private static Calendar bindOnThisThread() throws Exception {
    var calendar = new AtomicReference<Calendar>();
    var timestamp = new AtomicReference<Timestamp>();
    var statement =
        (PreparedStatement)
            Proxy.newProxyInstance(
                PreparedStatement.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("setTimestamp") && args.length == 3) {
                    timestamp.set((Timestamp) args[1]);
                    calendar.set((Calendar) args[2]);
                  }
                  return null;
                });
    new ThreadSafeUtcTimestampJdbcType()
        .getBinder(InstantJavaType.INSTANCE)
        .bind(statement, AT, 1, null);
    assertEquals(AT, timestamp.get().toInstant());
    assertEquals("UTC", calendar.get().getTimeZone().getID());
    return calendar.get();
  }

  @Test
  void everyThreadBindsWithItsOwnUtcCalendar() throws Exception {
    var here = bindOnThisThread();
    assertSame(here, bindOnThisThread(), "one per thread, reused");
    var there =
        CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return bindOnThisThread();
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                })
            .get();
    assertNotSame(here, there, "never shared between threads");
  }

  @Test
  void replacesHibernatesSharedCalendarTypeOnlyWhereTheDialectChoseIt() {
    var registry = new TypeConfiguration().getJdbcTypeRegistry();
    registry.addDescriptor(SqlTypes.TIMESTAMP_UTC, TimestampUtcAsJdbcTimestampJdbcType.INSTANCE);
    ReveilleTypeContributor.replaceUnsafeUtcTimestamp(registry);
    assertEquals(
        ThreadSafeUtcTimestampJdbcType.class,
        registry.getDescriptor(SqlTypes.TIMESTAMP_UTC).getClass());

    var other = new TypeConfiguration().getJdbcTypeRegistry();
    other.addDescriptor(SqlTypes.TIMESTAMP_UTC, TimestampWithTimeZoneJdbcType.INSTANCE);
    ReveilleTypeContributor.replaceUnsafeUtcTimestamp(other);
    assertSame(TimestampWithTimeZoneJdbcType.INSTANCE, other.getDescriptor(SqlTypes.TIMESTAMP_UTC));
  }
}
