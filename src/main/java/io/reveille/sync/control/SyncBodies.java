package io.reveille.sync.control;

import static io.reveille.sync.control.SyncDocuments.instant;
import static io.reveille.sync.control.SyncDocuments.object;
import static io.reveille.sync.control.SyncDocuments.refused;
import static io.reveille.sync.control.SyncDocuments.text;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.agent.entity.AgentState;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.memory.entity.ObservationPriority;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The bodies of the sync records of the agent domain, written from the records this site changed
 * and read, as strictly as any input from outside (a refusal names the path), into the records a
 * peer's change makes here. Stored documents inside a body (an agent's configuration and slots, a
 * message's metadata) travel as the JSON their owners store and are read by the owners' own
 * readers.
 */
public final class SyncBodies {

  /** The longest text one message carries (its payload, when longer than the row keeps). */
  public static final int MAX_MESSAGE_TEXT = 512 * 1024;

  private SyncBodies() {}

  /** An agent taken in from a peer, and the slots its state starts with. */
  public record AgentReplica(Agent agent, AgentSlots slots) {}

  /** A message taken in from a peer, and its payload's text when it names a payload. */
  public record MessageReplica(AgentMessage message, Optional<String> payload) {}

  /** The body of an agent as it was created here. */
  public static JsonObject agent(Agent agent, AgentState state) {
    var categories = JsonDocuments.provider().createArrayBuilder();
    agent.getAllowedCategoryIds().stream().sorted().forEach(categories::add);
    var body =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", agent.getId())
            .add("kind", agent.getKind().wire())
            .add("displayName", agent.getDisplayName())
            .add("mode", agent.getMode().wire())
            .add("categoryIds", categories)
            .add("config", JsonDocuments.parseStored(agent.getConfig().toStored(), "config"))
            .add("slots", JsonDocuments.parseStored(state.getSlots().toStored(), "slots"))
            .add("createdAt", agent.getCreatedAt().toString());
    agent.getHomeHost().ifPresent(home -> body.add("homeHost", home));
    return body.build();
  }

  /**
   * Reads an agent's body.
   *
   * @throws IllegalArgumentException naming the path of what is wrong
   */
  public static AgentReplica agent(JsonObject body) {
    var categories = new LinkedHashSet<String>();
    var list = body.get("categoryIds");
    if (!(list instanceof JsonArray array) || array.size() > 100) {
      throw refused("$.body.categoryIds", "must be an array of at most 100 category ids");
    }
    for (int i = 0; i < array.size(); i++) {
      categories.add(text(array.get(i), "$.body.categoryIds[" + i + "]", 200, false));
    }
    var config = object(body.get("config"), "$.body.config");
    var slots = object(body.get("slots"), "$.body.slots");
    var agent =
        owned(
            "$.body",
            () ->
                new Agent(
                    text(body.get("id"), "$.body.id", 64, false),
                    wire(AgentKind.class, body.get("kind"), "$.body.kind"),
                    text(body.get("displayName"), "$.body.displayName", 200, false),
                    wire(AgentMode.class, body.get("mode"), "$.body.mode"),
                    categories,
                    owned(
                        "$.body.config", () -> AgentConfig.fromStored(JsonDocuments.write(config))),
                    instant(body.get("createdAt"), "$.body.createdAt")));
    var home = body.get("homeHost");
    if (home != null && home != JsonValue.NULL) {
      agent.homedAt(SyncDocuments.host(home, "$.body.homeHost"));
    }
    return new AgentReplica(
        agent, owned("$.body.slots", () -> AgentSlots.fromStored(JsonDocuments.write(slots))));
  }

  /** The body of a message as it was appended here, with its whole text. */
  public static JsonObject message(AgentMessage message, Optional<String> text) {
    var body =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", message.getId())
            .add("agentId", message.getAgentId())
            .add("threadId", message.getThreadId())
            .add("kind", message.getKind().wire())
            .add("createdAt", message.getCreatedAt().toString())
            .add("summaryDepth", message.getSummaryDepth())
            .add("tokensApprox", message.getTokensApprox())
            .add(
                "metadata",
                JsonDocuments.parseStored(message.getMetadata().toStored(), "metadata"));
    optional(body, "prevMessageId", message.getPrevMessageId());
    optional(body, "contentEntryId", message.getContentEntryId());
    optional(body, "triggerSourceId", message.getTriggerSourceId());
    optional(body, "summaryStartMessageId", message.getSummaryStartMessageId());
    optional(body, "summaryEndMessageId", message.getSummaryEndMessageId());
    message.getObservationPriority().ifPresent(p -> body.add("observationPriority", p.wire()));
    text.ifPresent(t -> body.add("text", t));
    return body.build();
  }

  /**
   * Reads a message's body.
   *
   * @throws IllegalArgumentException naming the path of what is wrong
   */
  public static MessageReplica message(JsonObject body) {
    var id = text(body.get("id"), "$.body.id", 64, false);
    var text =
        Optional.ofNullable(body.get("text"))
            .map(t -> text(t, "$.body.text", MAX_MESSAGE_TEXT, true));
    var payloadId = optionalText(body, "contentEntryId", 200);
    if (payloadId.isPresent() && text.isEmpty()) {
      throw refused("$.body.text", "must come with the payload contentEntryId names");
    }
    var metadata = object(body.get("metadata"), "$.body.metadata");
    var builder =
        AgentMessage.builder(
                id,
                text(body.get("agentId"), "$.body.agentId", 64, false),
                text(body.get("threadId"), "$.body.threadId", 200, false),
                wire(AgentMessageKind.class, body.get("kind"), "$.body.kind"),
                instant(body.get("createdAt"), "$.body.createdAt"))
            .tokensApprox(count(body.get("tokensApprox"), "$.body.tokensApprox"))
            .metadata(
                owned(
                    "$.body.metadata",
                    () -> AgentMessageMetadata.fromStored(JsonDocuments.write(metadata))));
    optionalText(body, "prevMessageId", 64).ifPresent(builder::prevMessageId);
    optionalText(body, "triggerSourceId", 200).ifPresent(builder::triggerSourceId);
    var start = optionalText(body, "summaryStartMessageId", 64);
    var end = optionalText(body, "summaryEndMessageId", 64);
    if (start.isPresent() || end.isPresent()) {
      builder.summarySpan(
          start.orElse(null),
          end.orElse(null),
          count(body.get("summaryDepth"), "$.body.summaryDepth"));
    }
    if (body.containsKey("observationPriority")) {
      builder.observationPriority(
          wire(
              ObservationPriority.class,
              body.get("observationPriority"),
              "$.body.observationPriority"));
    }
    if (payloadId.isPresent()) {
      builder.contentEntryId(payloadId.get());
    } else {
      text.ifPresent(builder::content);
    }
    return new MessageReplica(owned("$.body", builder::build), payloadId.flatMap(p -> text));
  }

  private static void optional(JsonObjectBuilder body, String name, String value) {
    if (value != null) {
      body.add(name, value);
    }
  }

  private static Optional<String> optionalText(JsonObject body, String name, int max) {
    var value = body.get(name);
    return value == null || value == JsonValue.NULL
        ? Optional.empty()
        : Optional.of(text(value, "$.body." + name, max, false));
  }

  private static int count(JsonValue json, String path) {
    if (!(json instanceof JsonNumber number) || !number.isIntegral()) {
      throw refused(path, "must be a whole number");
    }
    var value = number.longValue();
    if (value < 0 || value > Integer.MAX_VALUE) {
      throw refused(path, "must be 0 to " + Integer.MAX_VALUE);
    }
    return (int) value;
  }

  private static <E extends Enum<E> & WireEnum> E wire(Class<E> type, JsonValue json, String path) {
    if (!(json instanceof JsonString string)) {
      throw refused(path, "must be a string");
    }
    return WireEnum.read(type, string.getString())
        .orElseThrow(() -> refused(path, "must be one of " + WireEnum.names(type)));
  }

  /** What an owner's own reader or constructor refuses, refused under {@code path}. */
  private static <T> T owned(String path, Supplier<T> read) {
    try {
      return read.get();
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("$")) {
        throw e;
      }
      throw refused(path, "is refused: " + e.getMessage());
    } catch (RuntimeException e) {
      throw refused(path, "is refused: " + e.getMessage());
    }
  }
}
