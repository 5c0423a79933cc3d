package io.reveille.run.control;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeStatus;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Which runs of the run log a list shows: any of agent, status, reason, and a window of creation
 * times ({@code from} inclusive, {@code to} exclusive). Empty means no filter on that field.
 */
public record RunFilter(
    Optional<String> agentId,
    Optional<WakeStatus> status,
    Optional<WakeReason> reason,
    Optional<Instant> from,
    Optional<Instant> to) {

  /** Longest agent id a filter accepts, the column's length. */
  static final int AGENT_ID_LENGTH = 64;

  public RunFilter {
    if (from.isPresent() && to.isPresent() && !from.get().isBefore(to.get())) {
      throw new InvalidInputException("from", "must be before to");
    }
  }

  /** The filter the query parameters name ({@code null} or blank: none); a bad one is a 400. */
  public static RunFilter parse(
      String agentId, String status, String reason, String from, String to) {
    return new RunFilter(
        text(agentId).map(RunFilter::agentId),
        text(status)
            .map(
                v ->
                    WireEnum.find(WakeStatus.class, v)
                        .orElseThrow(
                            () ->
                                new InvalidInputException(
                                    "status", "one of " + WireEnum.names(WakeStatus.class)))),
        text(reason)
            .map(
                v ->
                    WireEnum.find(WakeReason.class, v)
                        .orElseThrow(
                            () ->
                                new InvalidInputException(
                                    "reason", "one of " + WireEnum.names(WakeReason.class)))),
        text(from).map(v -> instant("from", v)),
        text(to).map(v -> instant("to", v)));
  }

  private static String agentId(String value) {
    if (value.length() > AGENT_ID_LENGTH) {
      throw new InvalidInputException("agentId", "at most " + AGENT_ID_LENGTH + " characters");
    }
    return value;
  }

  private static Optional<String> text(String value) {
    return Optional.ofNullable(value).map(String::strip).filter(v -> !v.isEmpty());
  }

  private static Instant instant(String name, String value) {
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new InvalidInputException(
          name, "must be an ISO-8601 instant such as 2026-11-26T07:00:00Z");
    }
  }
}
