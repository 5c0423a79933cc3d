package io.reveille.journal.control;

import java.util.Objects;
import java.util.Optional;

/**
 * Who caused a journal change, when it was an agent's tool call: its agent id and run key travel
 * into the notification batch ({@code originAgentId}, {@code originRunKey}) so that the change does
 * not wake the agent that made it. A change by a user has no origin ({@link #NONE}).
 */
public record ChangeOrigin(Optional<String> agentId, Optional<String> runKey) {

  public static final ChangeOrigin NONE = new ChangeOrigin(Optional.empty(), Optional.empty());

  public ChangeOrigin {
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(runKey, "runKey");
  }

  /** A change made by agent {@code agentId} during its run {@code runKey}. */
  public static ChangeOrigin agent(String agentId, String runKey) {
    return new ChangeOrigin(
        Optional.of(Objects.requireNonNull(agentId, "agentId")),
        Optional.of(Objects.requireNonNull(runKey, "runKey")));
  }
}
