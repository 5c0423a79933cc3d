package io.reveille.memory.boundary;

import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.ReportMarkdown;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentReport;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * An agent's message log and report over HTTP.
 *
 * <p>The class path is {@code agents}, like {@code AgentsResource}'s, with the agent id in each
 * method's path: a class path of {@code agents/{id}} would out-match {@code agents} for every
 * single-agent request and hide that resource's methods (404).
 */
@Path("agents")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Agent memory")
public class AgentMemoryResource {

  @Inject MemoryService memory;

  @Inject
  @ConfigProperty(name = "reveille.api.messages.default-limit")
  int defaultLimit;

  @Inject
  @ConfigProperty(name = "reveille.api.messages.max-limit")
  int maxLimit;

  /** A page of messages; {@code nextBefore} is the {@code before} of the next, older page. */
  public record MessagePageResponse(List<MessageResponse> items, String nextBefore) {}

  /** One log entry; {@code content} (its text) only where a reader asks for it, else omitted. */
  public record MessageResponse(
      String id,
      String agentId,
      String threadId,
      String kind,
      Instant createdAt,
      String prevMessageId,
      String contentEntryId,
      String triggerSourceId,
      String summaryStartMessageId,
      String summaryEndMessageId,
      int summaryDepth,
      int tokensApprox,
      JsonObject metadata,
      String content) {

    static MessageResponse of(AgentMessage m) {
      return of(m, null);
    }

    /** The entry with its text ({@code null}: without). */
    public static MessageResponse of(AgentMessage m, String content) {
      return new MessageResponse(
          m.getId(),
          m.getAgentId(),
          m.getThreadId(),
          m.getKind().wire(),
          m.getCreatedAt(),
          m.getPrevMessageId(),
          m.getContentEntryId(),
          m.getTriggerSourceId(),
          m.getSummaryStartMessageId(),
          m.getSummaryEndMessageId(),
          m.getSummaryDepth(),
          m.getTokensApprox(),
          m.getMetadata().toJson(),
          content);
    }
  }

  /**
   * The current report of a scope: its markdown and the same rendered as HTML that is safe to show
   * (raw HTML escaped, unsafe link targets dropped).
   */
  public record ReportResponse(
      String id,
      String agentId,
      String scope,
      String content,
      String contentHtml,
      Double confidence,
      JsonObject provenance,
      Instant createdAt) {

    static ReportResponse of(AgentReport r) {
      return new ReportResponse(
          r.getId(),
          r.getAgentId(),
          r.getScope(),
          r.getContent(),
          ReportMarkdown.html(r.getContent()),
          r.getConfidence(),
          r.getProvenance(),
          r.getCreatedAt());
    }
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/messages")
  @Operation(
      summary =
          "The agent's messages, newest first, paged with before=<message id>; content=true adds"
              + " each message's text")
  public MessagePageResponse messages(
      @PathParam("id") String agentId,
      @QueryParam("content") @Size(max = 5) String content,
      @QueryParam("kind") @Size(max = 32) String kind,
      @QueryParam("threadId") @Size(max = 200) String threadId,
      @QueryParam("limit") @Min(1) @Max(10_000) Integer limit,
      @QueryParam("before") @Size(max = 64) String before) {
    var kindFilter =
        Optional.ofNullable(kind)
            .filter(v -> !v.isBlank())
            .map(
                v ->
                    WireEnum.find(AgentMessageKind.class, v)
                        .orElseThrow(
                            () ->
                                new InvalidInputException(
                                    "kind",
                                    "unknown message kind '"
                                        + v
                                        + "'; one of "
                                        + WireEnum.names(AgentMessageKind.class))));
    var pageSize = limit == null ? defaultLimit : limit;
    if (pageSize > maxLimit) {
      throw new InvalidInputException(
          "limit", "at most " + maxLimit + " (reveille.api.messages.max-limit)");
    }
    var page =
        memory.messages(
            agentId,
            kindFilter,
            Optional.ofNullable(threadId).filter(v -> !v.isBlank()),
            pageSize,
            Optional.ofNullable(before).filter(v -> !v.isBlank()));
    var withContent = content != null && !content.isBlank() && flag("content", content);
    var items =
        page.messages().stream()
            .map(
                m ->
                    withContent
                        ? MessageResponse.of(m, memory.content(m).orElse(null))
                        : MessageResponse.of(m))
            .toList();
    var next = page.more() ? items.get(items.size() - 1).id() : null;
    return new MessagePageResponse(items, next);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/messages/{messageId}")
  @Operation(summary = "One of the agent's messages, with its text")
  public MessageResponse message(
      @PathParam("id") String agentId, @PathParam("messageId") @Size(max = 64) String messageId) {
    var message = memory.message(agentId, messageId);
    return MessageResponse.of(message, memory.content(message).orElse(null));
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}/report")
  @Operation(summary = "The agent's current report (404 until it has written one)")
  public ReportResponse report(
      @PathParam("id") String agentId,
      @QueryParam("scope") @DefaultValue(MemoryService.DEFAULT_REPORT_SCOPE) @Size(max = 64)
          String scope) {
    return memory
        .currentReport(agentId, scope)
        .map(ReportResponse::of)
        .orElseThrow(() -> new NotFoundException("report", agentId + " (scope " + scope + ")"));
  }

  private static boolean flag(String name, String value) {
    return switch (value) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new InvalidInputException(name, "must be true or false");
    };
  }
}
