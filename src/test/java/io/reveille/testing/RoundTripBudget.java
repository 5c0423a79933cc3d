package io.reveille.testing;

import io.reveille.platform.DatabaseKind;
import io.reveille.platform.persistence.RoundTrips;
import io.reveille.platform.persistence.RoundTrips.Count;

/**
 * What one operation may cost the database: the statements and transactions measured when its
 * budget was last set, on each database, and the target it is to reach. A ratchet: an operation
 * that costs more fails and names what grew; one that costs less fails too, until its budget (here
 * and in docs/performance.md) is lowered to what it costs now, so that the slack is never there for
 * the next round trip to take.
 *
 * @param operation what was measured, as a failure names it
 * @param derby its budget on Apache Derby
 * @param postgresql its budget on PostgreSQL
 * @param target the budget it is to reach, in words
 */
public record RoundTripBudget(String operation, Count derby, Count postgresql, String target) {

  public static Count of(long statements, long transactions) {
    return new Count(statements, transactions);
  }

  /** Work to measure. */
  public interface Work {
    void run() throws Exception;
  }

  /** The statements and transactions {@code work} cost on this thread. */
  public static Count measure(Work work) throws Exception {
    var before = RoundTrips.onThisThread();
    work.run();
    return RoundTrips.onThisThread().minus(before);
  }

  /** The budget on {@code kind}. */
  public Count on(DatabaseKind kind) {
    return kind == DatabaseKind.POSTGRESQL ? postgresql : derby;
  }

  /**
   * Nothing when {@code measured} is exactly the budget on {@code kind}; else the failure that says
   * which operation moved, by how much, and what to do about it.
   */
  public void assertHeld(DatabaseKind kind, Count measured) {
    var budget = on(kind);
    if (measured.equals(budget)) {
      return;
    }
    var grew =
        measured.statements() > budget.statements()
            || measured.transactions() > budget.transactions();
    var where = " (RoundTripBudgetsIT and docs/performance.md)";
    throw new AssertionError(
        operation
            + (grew ? " grew" : " shrank")
            + " on "
            + kind.name().toLowerCase(java.util.Locale.ROOT)
            + ": "
            + measured
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
            + ".");
  }
}
