package io.reveille.mcp.control;

import io.reveille.agent.control.AgentService;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.workingstate.control.WorkingStates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * An agent's memory as MCP resources: its report ({@code reveille://agents/<id>/report}, Markdown,
 * the one resource a client may subscribe to), its latest observations ({@code .../observations},
 * JSON) and, by template, the working state of one of its threads ({@code
 * .../working-state/{threadId}}, the text a model reads of it). A URI of another agent, or one that
 * names nothing, is not found ({@code -32002}).
 */
@ApplicationScoped
public class McpResources {

  /** MCP's code for a resource that does not exist. */
  public static final int NOT_FOUND = -32002;

  /** How many observations the observations resource holds, newest first. */
  static final int OBSERVATIONS = 50;

  static final String SCHEME = "reveille://agents/";

  @Inject MemoryService memory;
  @Inject WorkingStates states;
  @Inject AgentService agents;

  /** The report's URI for {@code agentId}: the resource a client may subscribe to. */
  public static String reportUri(String agentId) {
    return SCHEME + agentId + "/report";
  }

  /** The result of {@code resources/list}. */
  public JsonObject list(String agentId) {
    var provider = JsonDocuments.provider();
    return provider
        .createObjectBuilder()
        .add(
            "resources",
            provider
                .createArrayBuilder()
                .add(
                    resource(
                        reportUri(agentId),
                        "report",
                        "The agent's current report: what it tells its user",
                        "text/markdown"))
                .add(
                    resource(
                        SCHEME + agentId + "/observations",
                        "observations",
                        "The agent's latest "
                            + OBSERVATIONS
                            + " observations (private notes), newest first",
                        "application/json")))
        .build();
  }

  /** The result of {@code resources/templates/list}. */
  public JsonObject templates(String agentId) {
    var provider = JsonDocuments.provider();
    return provider
        .createObjectBuilder()
        .add(
            "resourceTemplates",
            provider
                .createArrayBuilder()
                .add(
                    provider
                        .createObjectBuilder()
                        .add("uriTemplate", SCHEME + agentId + "/working-state/{threadId}")
                        .add("name", "working-state")
                        .add(
                            "description",
                            "The working state of one of the agent's threads (its id starts with"
                                + " the agent's id and ':'): understanding, assumptions,"
                                + " expectations and items, as the model reads them")
                        .add("mimeType", "text/plain")))
        .build();
  }

  private static JsonObject resource(String uri, String name, String description, String type) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("uri", uri)
        .add("name", name)
        .add("description", description)
        .add("mimeType", type)
        .build();
  }

  /**
   * The result of {@code resources/read} of {@code uri} on {@code agentId}'s endpoint.
   *
   * @throws JsonRpcException {@value #NOT_FOUND} when it names nothing there
   */
  public JsonObject read(String agentId, String uri, JsonValue requestId) {
    var prefix = SCHEME + agentId + "/";
    if (!uri.startsWith(prefix)) {
      throw notFound(uri, requestId);
    }
    var rest = uri.substring(prefix.length());
    if (rest.equals("report")) {
      var report =
          memory
              .currentReport(agentId, MemoryService.DEFAULT_REPORT_SCOPE)
              .orElseThrow(() -> notFound(uri, requestId));
      return contents(uri, "text/markdown", report.getContent());
    }
    if (rest.equals("observations")) {
      return contents(uri, "application/json", observations(agentId).toString());
    }
    if (rest.startsWith("working-state/")) {
      var thread = decode(rest.substring("working-state/".length()), uri, requestId);
      try {
        AgentService.threadOf(agentId, thread).orElseThrow(() -> notFound(uri, requestId));
      } catch (InvalidInputException notTheAgents) {
        throw notFound(uri, requestId);
      }
      return contents(
          uri,
          "text/plain",
          states.render(agentId, thread).orElseThrow(() -> notFound(uri, requestId)));
    }
    throw notFound(uri, requestId);
  }

  private jakarta.json.JsonArray observations(String agentId) {
    var provider = JsonDocuments.provider();
    var list = provider.createArrayBuilder();
    var page =
        memory.messages(
            agentId,
            Optional.of(AgentMessageKind.OBSERVATION),
            Optional.empty(),
            OBSERVATIONS,
            Optional.empty());
    for (var message : page.messages()) {
      var entry =
          provider
              .createObjectBuilder()
              .add("id", message.getId())
              .add("createdAt", message.getCreatedAt().toString());
      memory.content(message).ifPresent(text -> entry.add("content", text));
      list.add(entry);
    }
    return list.build();
  }

  private static String decode(String segment, String uri, JsonValue requestId) {
    try {
      return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw notFound(uri, requestId);
    }
  }

  private static JsonObject contents(String uri, String mimeType, String text) {
    var provider = JsonDocuments.provider();
    return provider
        .createObjectBuilder()
        .add(
            "contents",
            provider
                .createArrayBuilder()
                .add(
                    provider
                        .createObjectBuilder()
                        .add("uri", uri)
                        .add("mimeType", mimeType)
                        .add("text", text)))
        .build();
  }

  static JsonRpcException notFound(String uri, JsonValue requestId) {
    return new JsonRpcException(
        new JsonRpcError(
            NOT_FOUND,
            "no resource "
                + (uri.length() > 300 ? uri.substring(0, 300) + "…" : uri)
                + " on this agent's endpoint"),
        Optional.of(requestId));
  }
}
