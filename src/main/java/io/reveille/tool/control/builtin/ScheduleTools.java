package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.SELF_SCHEDULE;
import static io.reveille.tool.entity.ScopeRule.AGENT_OWN_SCHEDULE;

import io.reveille.agent.control.AgentService;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.wake.control.NextWakeBounds;
import io.reveille.wake.control.WakeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * {@code set_next_wake}: the agent sets when it wakes next on its own, at a time ({@code at}: a
 * timestamp with an offset, or a local date-time in {@code zone}) or after a delay ({@code in}, an
 * ISO-8601 duration), with the reason it gives itself. Until then it sleeps: what its subscriptions
 * hear waits for that wake ({@link WakeScheduler#scheduleOwnWake}). The wake must lie within the
 * bounds of its kind ({@link NextWakeBounds}); a second call replaces the first.
 */
@ApplicationScoped
public class ScheduleTools implements ToolSet {

  /** The longest reason the agent may give itself. */
  static final int MAX_REASON_LENGTH = 500;

  @Inject WakeScheduler wakes;
  @Inject NextWakeBounds bounds;
  @Inject AgentService agents;
  @Inject Clock clock;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("set_next_wake")
            .requires(SELF_SCHEDULE)
            .scope(AGENT_OWN_SCHEDULE)
            .handledBy(this::setNextWake));
  }

  ToolOutcome setNextWake(ToolInvocation call) {
    var arguments = call.arguments();
    var reason = arguments.optionalString("reason").map(String::strip).orElse("");
    if (reason.isEmpty() || reason.length() > MAX_REASON_LENGTH) {
      throw ToolFailure.invalid(
          "reason", "must say why, in 1 to " + MAX_REASON_LENGTH + " characters");
    }
    var now = clock.instant();
    var at = arguments.optionalString("at");
    var in = arguments.optionalString("in");
    if (at.isPresent() == in.isPresent()) {
      throw ToolFailure.invalid("at", "give either 'at' (a time) or 'in' (a delay), not both");
    }
    var zone = arguments.optionalString("zone");
    Instant wakeAt;
    String field;
    if (in.isPresent()) {
      if (zone.isPresent()) {
        throw ToolFailure.invalid("zone", "goes with a local 'at', not with 'in'");
      }
      field = "in";
      wakeAt = now.plus(delay(in.get()));
    } else {
      field = "at";
      wakeAt = time(at.get(), zone.map(ScheduleTools::zone));
    }
    // Milliseconds, as every database keeps them.
    wakeAt = wakeAt.truncatedTo(ChronoUnit.MILLIS);
    var kind = agents.get(call.agentId()).getKind();
    var limits = bounds.of(kind);
    var delay = Duration.between(now, wakeAt);
    if (delay.compareTo(limits.min()) < 0 || delay.compareTo(limits.max()) > 0) {
      throw ToolFailure.invalid(
          field,
          "the next wake ("
              + wakeAt
              + ") must be between "
              + limits.min()
              + " and "
              + limits.max()
              + " from now for a "
              + kind.wire()
              + " agent");
    }
    var setBy = call.origin().runKey().orElse(call.agentId() + ":tools");
    var own = wakes.scheduleOwnWake(call.agentId(), setBy, wakeAt, reason);
    var replaced = JsonDocuments.provider().createArrayBuilder();
    own.replaced().forEach(replaced::add);
    return ToolOutcome.of(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("wakeAt", wakeAt.toString())
                .add("runKey", own.run().getRunKey())
                .add("replaced", replaced)
                .build())
        .build();
  }

  private static Duration delay(String text) {
    try {
      var delay = Duration.parse(text);
      if (delay.isNegative() || delay.isZero()) {
        throw ToolFailure.invalid("in", "must be a positive duration like PT2H, was " + text);
      }
      return delay;
    } catch (DateTimeParseException e) {
      throw ToolFailure.invalid(
          "in", "'" + text + "' is not an ISO-8601 duration like PT2H or P1D");
    }
  }

  private static Instant time(String text, java.util.Optional<ZoneId> zone) {
    if (zone.isPresent()) {
      try {
        return LocalDateTime.parse(text).atZone(zone.get()).toInstant();
      } catch (DateTimeParseException e) {
        throw ToolFailure.invalid(
            "at", "'" + text + "' is not a local date-time like 2026-12-01T07:00 (with 'zone')");
      }
    }
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw ToolFailure.invalid(
          "at",
          "'"
              + text
              + "' is not a timestamp with offset like 2026-12-01T07:00:00+01:00 (or give 'zone'"
              + " with a local date-time)");
    }
  }

  private static ZoneId zone(String text) {
    try {
      return ZoneId.of(text);
    } catch (DateTimeException e) {
      throw ToolFailure.invalid("zone", "'" + text + "' is not a time zone like Europe/Berlin");
    }
  }
}
