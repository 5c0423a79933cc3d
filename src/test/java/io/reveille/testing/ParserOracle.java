package io.reveille.testing;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * The oracle the fuzz tests of the parsers of untrusted input share: whatever the input, a parser
 * answers, or refuses it with the one error type it documents for bad input, and does either within
 * {@link #PER_INPUT}. Any other exception, an {@link Error} (a stack overflow, an out of memory) or
 * a hang fails the try; jqwik then reports the input and the seed that replays it.
 *
 * <p>The bound is checked preemptively (the parse runs on a thread of its own), so a parser that
 * loops forever fails its try instead of hanging the build until Surefire's fork timeout. A thread
 * that does not stop when interrupted keeps running after its try has failed; the build fails all
 * the same.
 */
public final class ParserOracle {

  /**
   * The most one input may take. Every parser here answers in well under a millisecond to a few
   * milliseconds; the bound is far above that so that a busy two-core machine never trips it.
   * (JUnit Jupiter's per-method timeout does not reach jqwik's properties; this bound does.)
   */
  public static final Duration PER_INPUT = Duration.ofSeconds(5);

  private ParserOracle() {}

  /**
   * Runs {@code parse} under the bound.
   *
   * @return what it answered, or empty when it refused the input with {@code documented}
   * @throws AssertionError when it failed with anything else, or took longer than {@link
   *     #PER_INPUT}
   */
  public static <T> Optional<T> answersOrRefuses(
      Class<? extends Exception> documented, ThrowingSupplier<T> parse) {
    return run(documented, parse);
  }

  /**
   * Runs {@code evaluate}, which documents no error at all, under the bound.
   *
   * @throws AssertionError when it failed, or took longer than {@link #PER_INPUT}
   */
  public static <T> T answers(ThrowingSupplier<T> evaluate) {
    return run(null, evaluate).orElse(null);
  }

  private static <T> Optional<T> run(
      Class<? extends Exception> documented, ThrowingSupplier<T> parse) {
    return assertTimeoutPreemptively(
        PER_INPUT,
        () -> {
          try {
            return Optional.ofNullable(parse.get());
          } catch (Exception e) {
            if (documented != null && documented.isInstance(e)) {
              return Optional.empty();
            }
            throw new AssertionError(
                "undocumented "
                    + e.getClass().getName()
                    + (documented == null ? "" : " (documented: " + documented.getName() + ")")
                    + ": "
                    + e.getMessage(),
                e);
          }
        },
        () -> "no answer within " + PER_INPUT.toSeconds() + " s");
  }
}
