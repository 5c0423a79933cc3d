package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.MEMORY_WRITE;
import static io.reveille.tool.entity.ScopeRule.AGENT_OWN_MEMORY;

import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.memory.entity.ObservationPriority;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.wake.control.RunKeys;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code record_observations}: the agent writes private observations into its own memory (seed 003
 * §5: what it noticed, for its next wake). Each observation is an {@code observation} message; the
 * agent's memory belongs to no category, so the tool is scoped to the agent itself.
 */
@ApplicationScoped
public class MemoryTools implements ToolSet {

  @Inject MemoryService memory;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("record_observations")
            .requires(MEMORY_WRITE)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::recordObservations));
  }

  ToolOutcome recordObservations(ToolInvocation call) {
    var threadId =
        call.origin()
            .runKey()
            .filter(key -> !key.startsWith(ToolExecutor.API_RUN_KEY_PREFIX))
            .map(key -> RunKeys.threadId(call.agentId(), key))
            .orElse(call.agentId() + ":observations");
    var ids = new ArrayList<String>();
    var recorded = JsonDocuments.provider().createArrayBuilder();
    for (var observation : call.arguments().objects("observations")) {
      var text = observation.getString("text").strip();
      // The input schema admits only the three wire names.
      var priority =
          WireEnum.find(ObservationPriority.class, observation.getString("priority", "routine"))
              .orElse(ObservationPriority.ROUTINE);
      var details = JsonDocuments.provider().createObjectBuilder().add("priority", priority.wire());
      for (var field : List.of("tags", "category", "target")) {
        if (observation.containsKey(field)) {
          details.add(field, observation.get(field));
        }
      }
      var metadata =
          AgentMessageMetadata.empty()
              .withExtension(
                  JsonDocuments.provider()
                      .createObjectBuilder()
                      .add("reveille.observation", details)
                      .build());
      var message =
          memory.append(
              call.agentId(),
              new NewMessage(
                  threadId,
                  AgentMessageKind.OBSERVATION,
                  Optional.empty(),
                  Optional.of(text),
                  Math.max(1, text.length() / 4),
                  metadata,
                  Optional.of(priority)));
      ids.add(message.getId());
      recorded.add(message.getId());
    }
    return ToolOutcome.of(
            JsonDocuments.provider().createObjectBuilder().add("observationIds", recorded).build())
        .changed(SemanticKey.AGENT, ids)
        .build();
  }
}
