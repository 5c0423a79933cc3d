package io.reveille.taskagent.boundary;

import io.reveille.agent.boundary.AgentResponse;
import io.reveille.agent.control.RunCounts;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentMode;
import io.reveille.api.ETags;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.control.Role;
import io.reveille.taskagent.control.TaskAgents;
import io.reveille.taskagent.control.TaskAgents.Options;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.io.StringReader;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The task agent of a task: {@code POST} creates it (201, Location of the agent; 409 when the task
 * has one; 400 when the task has no category), {@code GET} returns it. The optional body may set
 * {@code displayName}, {@code mode} and {@code config} (e.g. {@code config.modelId} to think with
 * the configured model endpoint). An operator may create one; setting its {@code config} needs
 * admin, as changing any agent's config does: the instructions and the model decide what the agent
 * does with its tools.
 */
@Path("tasks/{taskId}/agent")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Task agents")
public class TaskAgentResource {

  private static final Set<String> FIELDS = TaskAgentRequest.fields();

  @Inject RunCounts runs;
  @Inject TaskAgents taskAgents;

  @Context UriInfo uriInfo;

  @Allowed(Role.OPERATOR)
  @POST
  @Operation(summary = "Create the task agent of a task (one per task)")
  @Consumes({MediaType.APPLICATION_JSON, MediaType.WILDCARD})
  @RequestBody(
      required = false,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = TaskAgentRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The task agent",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = AgentResponse.class)))
  @APIResponse(
      responseCode = "403",
      description = "A config was given and the caller is not an admin (config needs admin)")
  public Response create(
      @PathParam("taskId") String taskId, String body, @Context SecurityContext security) {
    var options = options(parse(body));
    if (!options.config().equals(AgentConfig.empty())) {
      var refusal = Authorization.refusal(security, Role.ADMIN, "setting an agent's config");
      if (refusal.isPresent()) {
        return refusal.get();
      }
    }
    var view = taskAgents.create(taskId, options);
    var location = uriInfo.getBaseUriBuilder().path("agents").path(view.agent().getId()).build();
    return Response.created(location)
        .tag(ETags.of(view.agent().getVersion()))
        .entity(AgentResponse.of(view, runs))
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(summary = "The task agent of a task")
  @APIResponse(
      responseCode = "200",
      description = "The task agent",
      content = @Content(schema = @Schema(implementation = AgentResponse.class)))
  public Response get(@PathParam("taskId") String taskId) {
    var view = taskAgents.get(taskId);
    return Response.ok(AgentResponse.of(view, runs))
        .tag(ETags.of(view.agent().getVersion()))
        .build();
  }

  /** The optional body: none (or blank) means the defaults. */
  static JsonObject parse(String body) {
    if (body == null || body.isBlank()) {
      return null;
    }
    try (var reader = JsonDocuments.provider().createReader(new StringReader(body))) {
      var value = reader.readValue();
      if (!(value instanceof JsonObject object)) {
        throw new InvalidInputException("body", "must be a JSON object");
      }
      return object;
    } catch (JsonException e) {
      throw new InvalidInputException("body", "malformed JSON: " + e.getMessage());
    }
  }

  static Options options(JsonObject body) {
    if (body == null) {
      return Options.defaults();
    }
    for (var field : body.keySet()) {
      if (!FIELDS.contains(field)) {
        throw new InvalidInputException(field, "unknown field; allowed: " + FIELDS);
      }
    }
    var name = optionalText(body, "displayName");
    var mode =
        optionalText(body, "mode")
            .map(
                wire ->
                    WireEnum.find(AgentMode.class, wire)
                        .orElseThrow(
                            () ->
                                new InvalidInputException(
                                    "mode", "must be one of " + WireEnum.names(AgentMode.class))))
            .orElse(AgentMode.AUTONOMOUS);
    var config =
        body.containsKey("config") && body.get("config") != JsonValue.NULL
            ? AgentConfig.fromUserJson(objectField(body, "config"), "config")
            : AgentConfig.empty();
    return new Options(name, mode, config);
  }

  private static Optional<String> optionalText(JsonObject body, String field) {
    var value = body.get(field);
    if (value == null || value == JsonValue.NULL) {
      return Optional.empty();
    }
    if (!(value instanceof JsonString text) || text.getString().isBlank()) {
      throw new InvalidInputException(field, "must be a non-blank string");
    }
    return Optional.of(text.getString().strip());
  }

  private static JsonObject objectField(JsonObject body, String field) {
    if (!(body.get(field) instanceof JsonObject object)) {
      throw new InvalidInputException(field, "must be an object");
    }
    return object;
  }
}
