package io.reveille.platform.persistence;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.BatchUpdateException;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;

/**
 * A connection whose statements report each execution, with its SQL, to {@link RoundTrips}: every
 * {@code execute…} call, a batch as the number of statements it held, a statement the database
 * refused too. Everything else passes through to the container's connection and statements
 * unchanged; a proxy equals only itself.
 */
final class CountingJdbc implements InvocationHandler {

  /** What a plain statement's batch is reported as: its statements' SQL is not kept. */
  static final String PLAIN_BATCH = "(a batch of plain statements)";

  private final Object target;

  /** Whether the target is a statement (else the connection). */
  private final boolean statement;

  /** The SQL a prepared statement was prepared with; null for the connection and plain ones. */
  private final String prepared;

  private CountingJdbc(Object target, boolean statement, String prepared) {
    this.target = target;
    this.statement = statement;
    this.prepared = prepared;
  }

  /** {@code connection}, its statements counted. */
  static Connection connection(Connection connection) {
    return proxy(Connection.class, connection, false, null);
  }

  private static <T> T proxy(Class<T> type, T target, boolean statement, String prepared) {
    return type.cast(
        Proxy.newProxyInstance(
            CountingJdbc.class.getClassLoader(),
            new Class<?>[] {type},
            new CountingJdbc(target, statement, prepared)));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    switch (method.getName()) {
      case "equals":
        if (method.getParameterCount() == 1) {
          return proxy == args[0];
        }
        break;
      case "hashCode":
        if (method.getParameterCount() == 0) {
          return System.identityHashCode(proxy);
        }
        break;
      default:
        break;
    }
    var batch = statement && isBatch(method);
    if (statement && !batch && method.getName().startsWith("execute")) {
      // Before it runs: a statement the database refuses was a round trip all the same.
      RoundTrips.executed(1, sql(args));
    }
    Object result;
    try {
      result = method.invoke(target, args);
    } catch (InvocationTargetException e) {
      if (batch) {
        RoundTrips.executed(
            e.getCause() instanceof BatchUpdateException failed && failed.getUpdateCounts() != null
                ? Math.max(1, failed.getUpdateCounts().length)
                : 1,
            sql(null));
      }
      throw e.getCause();
    }
    if (batch) {
      RoundTrips.executed(Array.getLength(result), sql(null));
    }
    return statement ? result : wrapped(method, args, result);
  }

  private static boolean isBatch(Method method) {
    return method.getName().equals("executeBatch") || method.getName().equals("executeLargeBatch");
  }

  /**
   * The SQL of an execution: the prepared statement's, else the one a plain statement was given.
   */
  private String sql(Object[] args) {
    if (prepared != null) {
      return prepared;
    }
    var given = givenSql(args);
    return given != null ? given : PLAIN_BATCH;
  }

  /** The SQL text a call was given as its first argument, if any. */
  private static String givenSql(Object[] args) {
    return args != null && args.length > 0 && args[0] instanceof String given ? given : null;
  }

  /** A statement the connection made, counted; anything else as it is. */
  private static Object wrapped(Method method, Object[] args, Object result) {
    var sql = givenSql(args);
    if (result instanceof CallableStatement callable
        && method.getReturnType() == CallableStatement.class) {
      return proxy(CallableStatement.class, callable, true, sql);
    }
    if (result instanceof PreparedStatement prepared
        && method.getReturnType() == PreparedStatement.class) {
      return proxy(PreparedStatement.class, prepared, true, sql);
    }
    if (result instanceof Statement plain && method.getReturnType() == Statement.class) {
      return proxy(Statement.class, plain, true, null);
    }
    return result;
  }
}
