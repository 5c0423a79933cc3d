package io.reveille.wake.control;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Counts one attempt of a run against its {@link RunSpec}, at step boundaries: before each model
 * call ({@link #step}), after its usage ({@link #afterModelCall}), before each tool call ({@link
 * #beforeToolCall}) and after its result ({@link #afterToolResult}). Each check throws {@link
 * RunBudgetExceededException} naming the budget and the numbers.
 *
 * <p>Steps, tool calls, retries and errors count within the attempt (a restarted run replays its
 * tool calls from the ledger); the wall clock runs from the attempt's start; model tokens span
 * every attempt, starting from what the run log holds already, since each attempt spends them
 * again. Not thread-safe: one conversation uses it.
 */
public final class RunMeter {

  private final RunSpec spec;
  private final Instant start;
  private final Clock clock;
  private long tokens;
  private int steps;
  private int toolCalls;
  private final Set<String> failedCalls = new HashSet<>();
  private final Map<String, Integer> retries = new HashMap<>();
  private final Map<String, Integer> errors = new HashMap<>();
  private BooleanSupplier cancelled = () -> false;
  private boolean cancelRead;
  private String runKey = "";
  private long spentTodayElsewhere;

  /**
   * @param start when this attempt started
   * @param tokensSpent the model tokens the run spent before this meter (earlier attempts, earlier
   *     steps of this one)
   */
  public RunMeter(RunSpec spec, Instant start, long tokensSpent, Clock clock) {
    this.spec = Objects.requireNonNull(spec, "spec");
    this.start = Objects.requireNonNull(start, "start");
    this.clock = Objects.requireNonNull(clock, "clock");
    if (tokensSpent < 0) {
      throw new IllegalArgumentException("tokensSpent must not be negative");
    }
    this.tokens = tokensSpent;
  }

  public RunSpec spec() {
    return spec;
  }

  /**
   * A copy of this meter as it stands: a step whose transaction rolled back goes again from the
   * copy taken before it, so that the calls it counted are not counted twice.
   */
  public RunMeter copy() {
    var copy = new RunMeter(spec, start, tokens, clock).stopWhen(runKey, cancelled);
    copy.steps = steps;
    copy.toolCalls = toolCalls;
    copy.failedCalls.addAll(failedCalls);
    copy.retries.putAll(retries);
    copy.errors.putAll(errors);
    copy.cancelRead = cancelRead;
    copy.spentTodayElsewhere = spentTodayElsewhere;
    return copy;
  }

  /**
   * Reads the cancel mark now and not again until the next {@link #boundary} (a model call's, or a
   * recorded step's) or {@link #forgetCancelMark}: tool calls take it as read. for a step's
   * transaction, which holds the agent's state lock, under which an operator sets the mark, so the
   * mark cannot change before it commits; and the boundary at the end of a step's transaction is
   * the boundary before the next model call.
   *
   * @throws RunCancelledException when an operator asked the run to stop
   */
  public void readCancelMark() {
    cancelRead = false;
    checkCancelled();
    cancelRead = true;
  }

  /**
   * Takes the cancel mark as read, and unset, for the next {@link #boundary}: the run's entry was
   * read with this meter a moment ago ({@link RunMeters#meter}), so the first boundary need not
   * read it again.
   */
  RunMeter withCancelMarkUnset() {
    cancelRead = true;
    return this;
  }

  /**
   * Counts {@code tokens} the agent's other runs spent today toward its daily quota ({@link
   * RunSpec#daily()}), beside what this run spends.
   */
  public RunMeter spentTodayElsewhere(long tokens) {
    if (tokens < 0) {
      throw new IllegalArgumentException("tokens must not be negative");
    }
    spentTodayElsewhere = tokens;
    return this;
  }

  /** The next boundary reads the cancel mark again (a step's transaction did not commit). */
  public void forgetCancelMark() {
    cancelRead = false;
  }

  /**
   * Makes every step boundary also ask {@code cancelled} whether an operator cancelled run {@code
   * runKey}, and stop it with {@link RunCancelledException} if so.
   */
  public RunMeter stopWhen(String runKey, BooleanSupplier cancelled) {
    this.runKey = Objects.requireNonNull(runKey, "runKey");
    this.cancelled = Objects.requireNonNull(cancelled, "cancelled");
    return this;
  }

  /**
   * A step boundary that costs no step (a resumed run carrying out a step it recorded before):
   * cancelled, within the run's wall clock.
   */
  public void boundary() {
    checkCancelled();
    checkWallClock();
    cancelRead = false;
  }

  /**
   * Before a model call: one more step, not cancelled, within the run's wall clock. The cancel mark
   * read at the end of the step before ({@link #readCancelMark}) is this boundary's.
   */
  public void step() {
    boundary();
    checkDailyQuota();
    if (steps + 1 > spec.maxSteps()) {
      throw new RunBudgetExceededException(
          RunBudget.MAX_STEPS,
          "the run needs step "
              + (steps + 1)
              + " and may take at most "
              + spec.maxSteps()
              + " (the model was still calling tools)");
    }
    steps++;
  }

  /**
   * The agent's daily quota, if it has one: the tokens its other runs spent today and this run's
   * reach it, and the next model call is refused until the next day.
   */
  private void checkDailyQuota() {
    var quota = spec.daily();
    if (quota.isEmpty()) {
      return;
    }
    var spent = Math.addExact(spentTodayElsewhere, tokens);
    if (spent >= quota.get().tokens()) {
      var now = clock.instant();
      throw RunBudgetExceededException.dailyQuota(
          "the agent has spent "
              + spent
              + " model tokens today (since "
              + quota.get().dayStart(now)
              + ", "
              + quota.get().zone().getId()
              + "), its daily quota is "
              + quota.get().tokens()
              + "; it thinks again from "
              + quota.get().renewsAt(now));
    }
  }

  /** Before a tool call: one more call, not cancelled, within the run's wall clock. */
  public void beforeToolCall() {
    checkCancelled();
    checkWallClock();
    if (toolCalls + 1 > spec.maxToolCalls()) {
      throw new RunBudgetExceededException(
          RunBudget.MAX_TOOL_CALLS,
          "the model asked for tool call "
              + (toolCalls + 1)
              + " and the run may make at most "
              + spec.maxToolCalls());
    }
    toolCalls++;
  }

  /**
   * After a tool call: a call of the same tool with the same arguments as one that failed before is
   * a retry, and each such call may be retried at most {@code maxToolRetries} times; a run may meet
   * the same tool error code at most {@code maxSameErrorRepeats} times.
   *
   * @param argumentsHash a hash of the call's arguments in a canonical form
   * @param errorCode the result's error code, empty for a success
   */
  public void afterToolResult(String toolName, String argumentsHash, Optional<String> errorCode) {
    var call = Objects.requireNonNull(toolName, "toolName") + "\n" + argumentsHash;
    if (failedCalls.contains(call)) {
      var count = retries.merge(call, 1, Integer::sum);
      if (count > spec.maxToolRetries()) {
        throw new RunBudgetExceededException(
            RunBudget.MAX_TOOL_RETRIES,
            "tool "
                + toolName
                + " was called "
                + count
                + " times again with the same arguments after failing; at most "
                + spec.maxToolRetries()
                + " retries are allowed");
      }
    }
    if (errorCode.isEmpty()) {
      failedCalls.remove(call);
      return;
    }
    failedCalls.add(call);
    var code = errorCode.get();
    var seen = errors.merge(code, 1, Integer::sum);
    if (seen > spec.maxSameErrorRepeats()) {
      throw new RunBudgetExceededException(
          RunBudget.MAX_SAME_ERROR,
          "tool error "
              + code
              + " came "
              + seen
              + " times; at most "
              + spec.maxSameErrorRepeats()
              + " are allowed");
    }
  }

  /** After a model call that used {@code totalTokens} (prompt and completion). */
  public void afterModelCall(long totalTokens) {
    if (totalTokens < 0) {
      throw new IllegalArgumentException("totalTokens must not be negative");
    }
    tokens = Math.addExact(tokens, totalTokens);
    if (tokens > spec.maxModelTokens()) {
      throw new RunBudgetExceededException(
          RunBudget.MAX_MODEL_TOKENS,
          "the run has used "
              + tokens
              + " model tokens; at most "
              + spec.maxModelTokens()
              + " are allowed");
    }
  }

  private void checkCancelled() {
    if (!cancelRead && cancelled.getAsBoolean()) {
      throw new RunCancelledException(runKey);
    }
  }

  private void checkWallClock() {
    var elapsed = Duration.between(start, clock.instant());
    if (elapsed.compareTo(spec.maxWallClock()) > 0) {
      throw new RunBudgetExceededException(
          RunBudget.MAX_WALL_CLOCK,
          "the run has been going for "
              + elapsed.toSeconds()
              + " s; at most "
              + spec.maxWallClock().toSeconds()
              + " s are allowed");
    }
  }
}
