package io.reveille.platform.persistence;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Calendar;
import java.util.TimeZone;
import org.hibernate.type.descriptor.ValueBinder;
import org.hibernate.type.descriptor.ValueExtractor;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.descriptor.jdbc.BasicBinder;
import org.hibernate.type.descriptor.jdbc.BasicExtractor;
import org.hibernate.type.descriptor.jdbc.TimestampUtcAsJdbcTimestampJdbcType;

/**
 * How {@code Instant}s go to and come from a database without a time-zone-aware timestamp type
 * (Derby): as a {@code TIMESTAMP} read and written in UTC — like Hibernate's own {@link
 * TimestampUtcAsJdbcTimestampJdbcType}, but with one UTC {@link Calendar} per thread.
 *
 * <p>Why: in Hibernate 6.6 that type hands one static {@code Calendar} to every {@code
 * setTimestamp}/{@code getTimestamp} call, and {@code Calendar} is not thread-safe (HHH-20355,
 * fixed in 7.x only). Under concurrent load the JDBC driver corrupts it: Derby then refuses an
 * insert with "The string representation of a date/time value is out of range", or a read returns a
 * wrong instant without any error. Seen in Reveille under the wake load driver.
 */
public class ThreadSafeUtcTimestampJdbcType extends TimestampUtcAsJdbcTimestampJdbcType {

  private static final ThreadLocal<Calendar> UTC =
      ThreadLocal.withInitial(() -> Calendar.getInstance(TimeZone.getTimeZone("UTC")));

  /** This thread's UTC calendar. */
  static Calendar utc() {
    return UTC.get();
  }

  @Override
  public <X> ValueBinder<X> getBinder(JavaType<X> javaType) {
    return new BasicBinder<>(javaType, this) {
      @Override
      protected void doBind(PreparedStatement st, X value, int index, WrapperOptions options)
          throws SQLException {
        st.setTimestamp(
            index, Timestamp.from(javaType.unwrap(value, Instant.class, options)), utc());
      }

      @Override
      protected void doBind(CallableStatement st, X value, String name, WrapperOptions options)
          throws SQLException {
        st.setTimestamp(
            name, Timestamp.from(javaType.unwrap(value, Instant.class, options)), utc());
      }
    };
  }

  @Override
  public <X> ValueExtractor<X> getExtractor(JavaType<X> javaType) {
    return new BasicExtractor<>(javaType, this) {
      @Override
      protected X doExtract(ResultSet rs, int paramIndex, WrapperOptions options)
          throws SQLException {
        return wrap(rs.getTimestamp(paramIndex, utc()), options);
      }

      @Override
      protected X doExtract(CallableStatement statement, int index, WrapperOptions options)
          throws SQLException {
        return wrap(statement.getTimestamp(index, utc()), options);
      }

      @Override
      protected X doExtract(CallableStatement statement, String name, WrapperOptions options)
          throws SQLException {
        return wrap(statement.getTimestamp(name, utc()), options);
      }

      private X wrap(Timestamp timestamp, WrapperOptions options) {
        return javaType.wrap(timestamp == null ? null : timestamp.toInstant(), options);
      }
    };
  }
}
