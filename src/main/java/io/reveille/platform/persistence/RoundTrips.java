package io.reveille.platform.persistence;

import jakarta.transaction.TransactionSynchronizationRegistry;
import java.sql.Connection;
import java.util.HashMap;
import java.util.Map;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The statements and database transactions each thread has cost so far, counted at the persistence
 * unit's connections when {@code reveille.db.count-round-trips} is on ({@link
 * CountingConnectionProvider}); off, nothing is counted and no connection is wrapped.
 *
 * <p>Per thread, because the work of one request, one delivery or one timer batch runs on one
 * thread from its first statement to its commit, and so a test on a shared server can ask what
 * <em>its</em> operation cost while others run beside it: the difference of {@link #onThisThread}
 * before and after. A statement is one execution, a JDBC batch as many as it held (what the
 * database executes). A round trip is one call that sends statements to the database and waits for
 * its answer: one execution, or one JDBC batch whatever it held (what the thread waits for; the
 * commit is not counted). A transaction is a JTA transaction in which at least one statement ran,
 * counted at its first, or a statement that ran outside any (the connection commits it alone).
 */
public final class RoundTrips {

  /** The setting that turns counting on; off by default. */
  public static final String SETTING = "reveille.db.count-round-trips";

  private static final String REGISTRY = "java:comp/TransactionSynchronizationRegistry";

  /** Marks a transaction, in its own resources, as counted already. */
  private static final Object COUNTED = new Object();

  /** Statements, round trips and transactions, in the order of {@link Count}. */
  private static final ThreadLocal<long[]> TALLY = ThreadLocal.withInitial(() -> new long[3]);

  /** Executions by SQL text: one entry a distinct statement the thread ran, so bounded by them. */
  private static final ThreadLocal<Map<String, Long>> BY_SQL =
      ThreadLocal.withInitial(HashMap::new);

  private static volatile boolean on;

  private static volatile TransactionSynchronizationRegistry registry;

  private RoundTrips() {}

  /**
   * Statements, the round trips that sent them, and transactions; the difference of two tallies is
   * what happened between them.
   */
  public record Count(long statements, long roundTrips, long transactions) {

    public Count minus(Count earlier) {
      return new Count(
          statements - earlier.statements,
          roundTrips - earlier.roundTrips,
          transactions - earlier.transactions);
    }

    /** Whether any of the three is more than {@code other}'s. */
    public boolean exceeds(Count other) {
      return statements > other.statements
          || roundTrips > other.roundTrips
          || transactions > other.transactions;
    }

    @Override
    public String toString() {
      return statements
          + (statements == 1 ? " statement in " : " statements in ")
          + roundTrips
          + (roundTrips == 1 ? " round trip and " : " round trips and ")
          + transactions
          + (transactions == 1 ? " transaction" : " transactions");
    }
  }

  /** Whether this server counts ({@value #SETTING}). */
  public static boolean counting() {
    return on;
  }

  /**
   * What this thread has cost so far.
   *
   * @throws IllegalStateException when this server does not count: a figure of zero would pass
   *     every budget
   */
  public static Count onThisThread() {
    if (!on) {
      throw new IllegalStateException(
          "Statements are not counted on this server; set " + SETTING + "=true");
    }
    var tally = TALLY.get();
    return new Count(tally[0], tally[1], tally[2]);
  }

  /**
   * The statements this thread has executed so far, by their SQL text: how often each ran. The
   * difference of two says which statements an operation ran, for a budget's failure to show.
   *
   * @throws IllegalStateException when this server does not count
   */
  public static Map<String, Long> statementsOnThisThread() {
    onThisThread();
    return Map.copyOf(BY_SQL.get());
  }

  /**
   * {@code connection}, its statements counted like the persistence unit's while counting is on:
   * for the few statements the application sends on a connection of its own rather than
   * Hibernate's.
   */
  public static Connection counted(Connection connection) {
    return on ? CountingJdbc.connection(connection) : connection;
  }

  static void turnOn() {
    on = true;
  }

  /**
   * {@code statements} executions of {@code sql} on this thread in one round trip, in its
   * transaction if any.
   */
  static void executed(int statements, String sql) {
    var tally = TALLY.get();
    tally[0] += statements;
    tally[1]++;
    BY_SQL.get().merge(sql, (long) statements, Long::sum);
    if (startsTransaction()) {
      tally[2]++;
    }
  }

  /**
   * Whether a statement run now is the first of a transaction: always outside a JTA transaction
   * (the connection commits it alone), else the first time the transaction is seen.
   */
  private static boolean startsTransaction() {
    var transactions = registry();
    if (transactions == null || transactions.getTransactionKey() == null) {
      return true;
    }
    try {
      if (transactions.getResource(COUNTED) != null) {
        return false;
      }
      transactions.putResource(COUNTED, Boolean.TRUE);
      return true;
    } catch (IllegalStateException completing) {
      // Past the point where a transaction takes resources (its completion): counted before.
      return false;
    }
  }

  /** The container's registry, looked up on the first thread that has a component's context. */
  private static TransactionSynchronizationRegistry registry() {
    var known = registry;
    if (known == null) {
      try {
        known = (TransactionSynchronizationRegistry) new InitialContext().lookup(REGISTRY);
        registry = known;
      } catch (NamingException e) {
        return null;
      }
    }
    return known;
  }
}
