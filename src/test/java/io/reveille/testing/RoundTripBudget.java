package io.reveille.testing;

import io.reveille.platform.DatabaseKind;
import io.reveille.platform.persistence.RoundTrips;
import io.reveille.platform.persistence.RoundTrips.Count;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What one operation may cost the database: the statements, round trips and transactions measured
 * when its budget was last set, on each database, and the target it is to reach. A ratchet: an
 * operation that costs more fails and names what grew; one that costs less fails too, until its
 * budget (here and in docs/performance.md) is lowered to what it costs now, so that the slack is
 * never there for the next round trip to take.
 *
 * @param operation what was measured, as a failure names it
 * @param derby its budget on Apache Derby
 * @param postgresql its budget on PostgreSQL
 * @param target the budget it is to reach, in words
 */
public record RoundTripBudget(String operation, Count derby, Count postgresql, String target) {

  /** The longest SQL text a failure shows of one statement. */
  static final int SQL_SHOWN = 200;

  public static Count of(long statements, long roundTrips, long transactions) {
    return new Count(statements, roundTrips, transactions);
  }

  /**
   * What an operation cost: its count, and its statements by SQL text (how often each ran; in a
   * difference of two operations, negative for a statement the first ran more often).
   */
  public record Measured(Count count, Map<String, Long> statements) {

    /** What this thread has cost so far. */
    public static Measured onThisThread() {
      return new Measured(RoundTrips.onThisThread(), RoundTrips.statementsOnThisThread());
    }

    public Measured minus(Measured earlier) {
      var difference = new HashMap<>(statements);
      earlier.statements.forEach((sql, times) -> difference.merge(sql, -times, Long::sum));
      difference.values().removeIf(times -> times == 0);
      return new Measured(count.minus(earlier.count), Map.copyOf(difference));
    }

    /** One line a statement, the most frequent first, its SQL cut at {@value #SQL_SHOWN}. */
    String listing() {
      return statements.entrySet().stream()
          .sorted(
              Map.Entry.<String, Long>comparingByValue()
                  .reversed()
                  .thenComparing(Map.Entry.comparingByKey()))
          .map(
              entry ->
                  "  "
                      + entry.getValue()
                      + "× "
                      + (entry.getKey().length() > SQL_SHOWN
                          ? entry.getKey().substring(0, SQL_SHOWN) + "…"
                          : entry.getKey()))
          .collect(Collectors.joining("\n"));
    }
  }

  /** Work to measure. */
  public interface Work {
    void run() throws Exception;
  }

  /** The statements, round trips and transactions {@code work} cost on this thread. */
  public static Measured measure(Work work) throws Exception {
    var before = Measured.onThisThread();
    work.run();
    return Measured.onThisThread().minus(before);
  }

  /** The budget on {@code kind}. */
  public Count on(DatabaseKind kind) {
    return kind == DatabaseKind.POSTGRESQL ? postgresql : derby;
  }

  /**
   * Nothing when {@code measured} is exactly the budget on {@code kind}; else the failure that says
   * which operation moved, by how much, what to do about it, and the statements it ran.
   */
  public void assertHeld(DatabaseKind kind, Measured measured) {
    var budget = on(kind);
    var cost = measured.count();
    if (cost.equals(budget)) {
      return;
    }
    var grew = cost.exceeds(budget);
    var where = " (RoundTripBudgetsIT and docs/performance.md)";
    throw new AssertionError(
        operation
            + (grew ? " grew" : " shrank")
            + " on "
            + kind.name().toLowerCase(Locale.ROOT)
            + ": "
            + cost
            + ", its budget is "
            + budget
            + " (target: "
            + target
            + "). "
            + (grew
                ? "Each new round trip on this path is a decision: take it out, or raise the"
                    + " budget"
                    + where
                : "Lower the budget to what it costs now" + where)
            + ". Its statements:\n"
            + measured.listing());
  }
}
