package io.reveille.wake.control;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;

/**
 * How many model tokens an agent may spend in one day, every run together: a day is a calendar day
 * in {@code zone} (UTC unless the agent names one). A run stops at its next step boundary once the
 * day's tokens reach the quota, and the agent goes dormant until the next day begins ({@link
 * #renewsAt}) or an operator resumes it.
 *
 * @param tokens the quota, at least 1
 * @param zone the zone whose midnight starts a new day
 */
public record DailyTokenQuota(long tokens, ZoneId zone) {

  /** The error code of a run the spent quota stopped. */
  public static final String CODE = "budget_daily_tokens";

  /** The reason an agent the spent quota sent dormant gives, on its {@code dormantReason}. */
  public static final String DORMANT_REASON = "dailyTokenQuota";

  /** The zone of an agent that names none. */
  public static final ZoneId UTC = ZoneId.of("UTC");

  /** The greatest quota a setting or an agent may set. */
  public static final long MAX_TOKENS = 10_000_000_000L;

  public DailyTokenQuota {
    if (tokens < 1 || tokens > MAX_TOKENS) {
      throw new IllegalArgumentException(
          "dailyTokens must be between 1 and " + MAX_TOKENS + ", was " + tokens);
    }
    Objects.requireNonNull(zone, "zone");
  }

  /** A quota whose days are UTC's. */
  public static DailyTokenQuota utc(long tokens) {
    return new DailyTokenQuota(tokens, UTC);
  }

  /** When the day that holds {@code now} began. */
  public Instant dayStart(Instant now) {
    return now.atZone(zone).toLocalDate().atStartOfDay(zone).toInstant();
  }

  /** When the day after the one that holds {@code now} begins: the quota is whole again. */
  public Instant renewsAt(Instant now) {
    return now.atZone(zone).toLocalDate().plusDays(1).atStartOfDay(zone).toInstant();
  }
}
