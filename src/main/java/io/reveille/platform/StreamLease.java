package io.reveille.platform;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * How long an event stream may stay open: until its longest age, or until the credential that let
 * it in expires if that comes first (a stream must not outlive it), or until its console session is
 * signed out, which is asked at most every {@link #SIGN_OUT_CHECK}. One stream's lease, asked by
 * that stream's polls one at a time.
 */
public final class StreamLease {

  /** How often a stream opened with a console session token asks whether it was signed out. */
  public static final Duration SIGN_OUT_CHECK = Duration.ofSeconds(5);

  private final Instant deadline;
  private final Optional<BooleanSupplier> signedOut;
  private Instant nextSignOutCheck;

  private StreamLease(Instant deadline, Optional<BooleanSupplier> signedOut, Instant now) {
    this.deadline = deadline;
    this.signedOut = signedOut;
    this.nextSignOutCheck = now.plus(SIGN_OUT_CHECK);
  }

  /**
   * A lease from {@code now} for at most {@code maxAge}, ending with {@code acceptedUntil} (the
   * caller's token's expiry, if it has one) or when {@code signedOut} says so.
   */
  public static StreamLease of(
      Instant now,
      Duration maxAge,
      Optional<Instant> acceptedUntil,
      Optional<BooleanSupplier> signedOut) {
    Objects.requireNonNull(now, "now");
    var deadline = now.plus(maxAge);
    if (acceptedUntil.isPresent() && acceptedUntil.get().isBefore(deadline)) {
      deadline = acceptedUntil.get();
    }
    return new StreamLease(deadline, Objects.requireNonNull(signedOut, "signedOut"), now);
  }

  /** Whether the stream must end at {@code now}. */
  public boolean isOver(Instant now) {
    if (!now.isBefore(deadline)) {
      return true;
    }
    if (signedOut.isEmpty() || now.isBefore(nextSignOutCheck)) {
      return false;
    }
    nextSignOutCheck = now.plus(SIGN_OUT_CHECK);
    return signedOut.get().getAsBoolean();
  }
}
