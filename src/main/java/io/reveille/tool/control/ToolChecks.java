package io.reveille.tool.control;

import io.reveille.agent.entity.Agent;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The checks a tool call must pass before it may touch a transaction: a registered tool, the
 * capabilities of the agent's kind, the wake reason, preview support, the input schema and an
 * operation id for a mutation.
 *
 * <p>Plain static code so that {@link ToolExecutor} keeps one place that decides the order of the
 * checks; it reads the registry and the capability profiles it is given and writes nothing.
 */
final class ToolChecks {

  private ToolChecks() {}

  /** The first check the call fails, in the order {@link ToolExecutor}'s class comment gives. */
  static Optional<ToolFailure> refusal(
      ToolRegistry registry,
      CapabilityProfiles profiles,
      Agent agent,
      Optional<ToolDefinition> definition,
      ToolRequest request,
      Optional<String> operationId) {
    if (definition.isEmpty()) {
      // The names the agent may call, so that a model that misspelt one can call it next.
      var callable =
          profiles.callable(agent, request.wakeReason(), registry.all()).stream()
              .map(ToolDefinition::name)
              .sorted()
              .toList();
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.UNKNOWN_TOOL,
              "no tool named '"
                  + (request.toolName().length() > 128
                      ? request.toolName().substring(0, 128) + "…"
                      : request.toolName())
                  + "'; this agent may call on a "
                  + request.wakeReason().wire()
                  + " wake: "
                  + String.join(", ", callable)));
    }
    var tool = definition.get();
    var held = profiles.of(agent.getKind());
    var missing = EnumSet.noneOf(io.reveille.tool.entity.Capability.class);
    tool.capabilities().stream().filter(c -> !held.contains(c)).forEach(missing::add);
    if (!missing.isEmpty()) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.CAPABILITY_DENIED,
              "agents of kind "
                  + agent.getKind().wire()
                  + " lack "
                  + missing.stream().map(c -> c.wire()).toList()
                  + " needed by "
                  + tool.name()));
    }
    var own = agent.getConfig().getTools();
    if (!own.isEmpty() && !own.contains(tool.name())) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.CAPABILITY_DENIED,
              "this agent's own tools (config.tools) do not include "
                  + tool.name()
                  + "; it may call "
                  + String.join(", ", own)));
    }
    if (!tool.allowedWakeReasons().contains(request.wakeReason())) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.WAKE_REASON_DENIED,
              tool.name() + " may not run on a " + request.wakeReason().wire() + " wake"));
    }
    if (request.previewOnly() && !tool.previewSupported()) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.PREVIEW_NOT_SUPPORTED, tool.name() + " does not support previewOnly"));
    }
    var violations =
        registry.contract().validateInput(tool.name(), inWireNames(request.arguments()).toString());
    if (!violations.isEmpty()) {
      return Optional.of(
          new ToolFailure(ToolErrorCode.INVALID_ARGUMENTS, String.join("; ", violations)));
    }
    if (tool.isMutating() && !request.previewOnly() && operationId.isEmpty()) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.OPERATION_ID_REQUIRED,
              tool.name() + " changes data and needs an operationId (idempotency key)"));
    }
    return Optional.empty();
  }

  /** The arguments that name a task's status or priority, alone or in a list. */
  private static final Set<String> TASK_ENUM_FIELDS =
      Set.of("status", "statuses", "priority", "closeSourceTaskAs");

  /** Each old spelling of a task status or priority, with its wire name. */
  private static final Map<String, String> OLD_SPELLINGS = oldSpellings();

  private static Map<String, String> oldSpellings() {
    var spellings = new HashMap<String, String>();
    Stream.<WireEnum>concat(Stream.of(TaskStatus.values()), Stream.of(TaskPriority.values()))
        .forEach(value -> value.legacy().forEach(old -> spellings.put(old, value.wire())));
    return Map.copyOf(spellings);
  }

  /**
   * The arguments as the contract's schema spells them: a model that learnt the old spellings of a
   * task's status or priority ({@code IN_PROGRESS}, {@code P1}) is still understood for one
   * release. Only the copy that is validated is rewritten; the handlers parse both spellings.
   */
  static JsonObject inWireNames(JsonObject arguments) {
    if (TASK_ENUM_FIELDS.stream().noneMatch(arguments::containsKey)) {
      return arguments;
    }
    var provider = JsonDocuments.provider();
    var rewritten = provider.createObjectBuilder(arguments);
    for (var field : TASK_ENUM_FIELDS) {
      var value = arguments.get(field);
      if (value instanceof JsonString text) {
        rewritten.add(field, wireName(text));
      } else if (value != null && value.getValueType() == JsonValue.ValueType.ARRAY) {
        var list = provider.createArrayBuilder();
        value
            .asJsonArray()
            .forEach(item -> list.add(item instanceof JsonString t ? wireName(t) : item));
        rewritten.add(field, list);
      }
    }
    return rewritten.build();
  }

  private static JsonValue wireName(JsonString text) {
    var wire = OLD_SPELLINGS.get(text.getString());
    return wire == null ? text : JsonDocuments.provider().createValue(wire);
  }
}
