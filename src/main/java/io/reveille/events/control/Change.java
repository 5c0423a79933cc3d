package io.reveille.events.control;

import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One change the feed saw: an agent, a run or a proposal as it stood after the change ({@code
 * data}: identifiers and statuses only, what a viewer may read), when it changed ({@code at}), and
 * the place the feed on this node gave it ({@code seq}, in the order it saw the changes).
 *
 * @param type {@code agent}, {@code run} or {@code proposal}
 * @param key the thing's id and the stamp of this change, one per change
 * @param agentId the agent it is, or belongs to
 */
public record Change(
    long seq, Instant at, String type, String key, Optional<String> agentId, JsonObject data) {

  public static final String AGENT = "agent";
  public static final String RUN = "run";
  public static final String PROPOSAL = "proposal";

  public Change {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(data, "data");
  }

  /** The event id a client resumes from: the change's time in milliseconds and its place. */
  public String eventId() {
    return at.toEpochMilli() + "-" + seq;
  }

  /**
   * The time a client's {@code Last-Event-ID} names: the leading milliseconds of an {@link
   * #eventId}.
   *
   * @throws IllegalArgumentException for an id this feed did not write
   */
  public static Instant timeOf(String eventId) {
    var text = eventId.strip();
    var dash = text.indexOf('-');
    var millis = dash < 0 ? text : text.substring(0, dash);
    if (millis.isEmpty() || millis.length() > 15 || !millis.chars().allMatch(Character::isDigit)) {
      throw new IllegalArgumentException("not an event id of this stream: '" + eventId + "'");
    }
    return Instant.ofEpochMilli(Long.parseLong(millis));
  }
}
