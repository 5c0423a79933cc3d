package io.reveille.memory.control;

import io.reveille.memory.entity.AgentMessage;
import java.util.Objects;
import java.util.Optional;

/**
 * A CDI event fired in the transaction that appended a message to an agent's log here, with the
 * message's whole text (kept in the row or in a payload row): observers that record the change in
 * the same transaction (multi-site sync's log) listen synchronously. A message taken in from
 * another site fires none.
 */
public record MessageWritten(AgentMessage message, Optional<String> text) {
  public MessageWritten {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(text, "text");
  }
}
