package io.reveille.run.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.memory.boundary.AgentMemoryResource.MessageResponse;
import io.reveille.memory.control.MemoryService;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.run.boundary.JobRequests.ArtifactResponse;
import io.reveille.run.boundary.JobRequests.JobRequest;
import io.reveille.run.boundary.JobRequests.JobResponse;
import io.reveille.run.control.RunFilter;
import io.reveille.run.control.RunQueries;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.boundary.Authorization;
import io.reveille.security.control.Role;
import io.reveille.tool.boundary.ProposalResponse;
import io.reveille.tool.boundary.ToolCallResponse;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.question.AgentQuestions;
import io.reveille.tool.entity.AgentQuestion;
import io.reveille.wake.boundary.WakesResource.WakeResponse;
import io.reveille.wake.control.Jobs;
import io.reveille.wake.control.RunControl;
import io.reveille.wake.entity.RunArtifact;
import io.reveille.wake.entity.RunCheckpoint;
import io.reveille.wake.entity.RunStep;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Runs across agents over HTTP: the run log filtered and paged, one run with what it did (steps,
 * checkpoints, tool calls, messages), what an operator does to a run (cancel, resume, retry), and
 * what a run asked a person ({@code ask_user}, {@code propose_plan}) with the answer that resumes
 * it, and jobs: a run started with an objective and a definition of done, with the artifacts it
 * wrote.
 */
@Path("runs")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Wakes")
public class RunsResource {

  static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  @Context UriInfo uriInfo;
  @Inject RunQueries runs;
  @Inject io.reveille.run.control.RunStatistics statistics;
  @Inject MemoryService memory;
  @Inject RunControl control;
  @Inject AgentQuestions questions;
  @Inject Jobs jobs;
  @Inject ToolRegistry tools;
  @Context SecurityContext security;

  /**
   * An answer: the text (one of the question's choices, if it has any; {@code approve} or {@code
   * reject} for a plan), and which question when the run has several open.
   */
  public record AnswerRequest(
      @NotNull(message = "is required")
          @Size(
              min = 1,
              max = AgentQuestion.MAX_ANSWER_LENGTH,
              message = "must be 1 to " + AgentQuestion.MAX_ANSWER_LENGTH + " characters")
          String answer,
      @Size(max = 200, message = "must be at most 200 characters") String questionId) {}

  /** A question as the API shows it; absent fields are left out. */
  public record QuestionResponse(
      String id,
      String agentId,
      String runKey,
      String kind,
      String question,
      List<String> choices,
      JsonObject plan,
      String status,
      String answer,
      String answeredBy,
      Instant createdAt,
      Instant expiresAt,
      Instant closedAt,
      long version) {

    static QuestionResponse of(AgentQuestion q) {
      return new QuestionResponse(
          q.getId(),
          q.getAgentId(),
          q.getRunKey(),
          q.getKind().wire(),
          q.getQuestion(),
          q.getChoices().isEmpty() ? null : q.getChoices(),
          q.getPlan().orElse(null),
          q.getStatus().wire(),
          q.getAnswer().orElse(null),
          q.getAnsweredBy().orElse(null),
          q.getCreatedAt(),
          q.getExpiresAt(),
          q.getAnsweredAt().orElse(null),
          q.getVersion());
    }
  }

  /**
   * A run, its steps in order (each with the checkpoint it ended with), its tool calls, the
   * proposals it made (each oldest first) and the messages it wrote (oldest first, with text).
   */
  public record RunDetailResponse(
      WakeResponse run,
      List<StepResponse> steps,
      List<ToolCallResponse> toolCalls,
      List<ProposalResponse> proposals,
      List<MessageResponse> messages,
      @Schema(description = "The job the run serves; null for a run that is no job")
          JobResponse job) {}

  /** A job just started: its run, queued, and the job. */
  public record JobRunResponse(WakeResponse run, JobResponse job) {}

  /**
   * One step of a run: a model turn ({@code model_turn}, its decision the model's answer) or a
   * deterministic phase, with the checkpoint written when it ended (null while it has not).
   */
  public record StepResponse(
      int index,
      String phase,
      String status,
      int attempts,
      JsonObject decision,
      String errorCode,
      String error,
      Instant startedAt,
      Instant endedAt,
      JsonObject checkpoint,
      @Schema(description = "step_boundary or phase_boundary; null while the step has not ended")
          String checkpointType) {

    static StepResponse of(RunStep step, Map<Integer, RunCheckpoint> checkpoints) {
      var checkpoint = checkpoints.get(step.getStepIndex());
      return new StepResponse(
          step.getStepIndex(),
          step.getPhase(),
          step.getStatus().wire(),
          step.getAttempts(),
          step.getDecision().orElse(null),
          step.getErrorCode(),
          step.getErrorMessage(),
          step.getStartedAt(),
          step.getEndedAt(),
          checkpoint == null
              ? null
              : JsonDocuments.parseStored(checkpoint.getCursor(), "run checkpoint"),
          checkpoint == null ? null : checkpoint.getCheckpointType());
    }
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(
      summary =
          "A page of the runs of every agent, newest first, each with its agent's display name"
              + " (agentName); filters agentId, status, reason, and from (inclusive) / to"
              + " (exclusive) on the creation time, ISO-8601 instants")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = WakeResponse.class)))
  public Response list(
      @QueryParam("agentId") @Size(max = 64) String agentId,
      @QueryParam("status") @Size(max = 32) String status,
      @QueryParam("reason") @Size(max = 32) String reason,
      @QueryParam("from") @Size(max = 64) String from,
      @QueryParam("to") @Size(max = 64) String to,
      @BeanParam PageQuery page) {
    var filter = RunFilter.parse(agentId, status, reason, from, to);
    var listed = runs.runs(filter, page.window());
    // The page's agents named in one query, not one per run.
    var names =
        runs.agentNames(
            listed.items().stream().map(WakeRunLogEntry::getAgentId).distinct().toList());
    return PageQuery.ok(listed, run -> WakeResponse.of(run, names.get(run.getAgentId())), uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("stats")
  @Operation(
      summary =
          "The last minutes of the run log, minute by minute (runs by reason and status, the wait"
              + " from queued to started and a timer run's lateness as p50/p95 in ms), and the"
              + " agents with the most tokens in the last day")
  @APIResponse(
      responseCode = "200",
      description = "The picture",
      content =
          @Content(
              schema =
                  @Schema(implementation = io.reveille.run.control.RunStatistics.Picture.class)))
  @APIResponse(responseCode = "400", description = "minutes or topAgents out of bounds")
  public io.reveille.run.control.RunStatistics.Picture stats(
      @QueryParam("minutes")
          @jakarta.ws.rs.DefaultValue("60")
          @jakarta.validation.constraints.Min(1)
          @jakarta.validation.constraints.Max(io.reveille.run.control.RunStatistics.MAX_MINUTES)
          int minutes,
      @QueryParam("topAgents")
          @jakarta.ws.rs.DefaultValue("10")
          @jakarta.validation.constraints.Min(1)
          @jakarta.validation.constraints.Max(100)
          int topAgents) {
    return statistics.picture(minutes, topAgents);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{runKey}")
  @Operation(
      summary =
          "One run with its steps (each with its checkpoint), its tool calls (the ledger rows),"
              + " its proposals and the messages it wrote, each oldest first and at most "
              + RunQueries.DETAIL_LIMIT)
  public RunDetailResponse get(
      @PathParam("runKey") @Size(max = WakeRunLogEntry.RUN_KEY_LENGTH) String runKey) {
    var detail = runs.run(runKey);
    var checkpoints =
        detail.checkpoints().stream()
            .collect(Collectors.toMap(RunCheckpoint::getStepIndex, Function.identity()));
    var agentId = detail.run().getAgentId();
    return new RunDetailResponse(
        WakeResponse.of(detail.run(), runs.agentNames(List.of(agentId)).get(agentId)),
        detail.steps().stream().map(step -> StepResponse.of(step, checkpoints)).toList(),
        detail.toolCalls().stream().map(ToolCallResponse::of).toList(),
        detail.proposals().stream().map(ProposalResponse::of).toList(),
        detail.messages().stream()
            .map(m -> MessageResponse.of(m, memory.content(m).orElse(null)))
            .toList(),
        jobs.row(runKey).map(JobResponse::of).orElse(null));
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Start a job: a run on a custom agent with an objective, constraints the tool executor"
              + " enforces, stop conditions (the run completes only when one holds), expected"
              + " artifacts, escalation rules and budgets. Idempotency-Key makes a retried request"
              + " return the same run; the same key with another request is a 409")
  @RequestBody(content = @Content(schema = @Schema(implementation = JobRequest.class)))
  @APIResponse(
      responseCode = "202",
      description = "The job's run, queued; Location names it",
      content = @Content(schema = @Schema(implementation = JobRunResponse.class)))
  @APIResponse(responseCode = "400", description = "A field is invalid; the problem names it")
  @APIResponse(responseCode = "404", description = "No such agent")
  @APIResponse(responseCode = "409", description = "The agent is not active, or the key was used")
  public Response start(
      @HeaderParam(IDEMPOTENCY_KEY)
          @Size(max = 128)
          @Pattern(regexp = "[\\x21-\\x7e]+", message = "must be printable ASCII without spaces")
          String idempotencyKey,
      JsonObject body) {
    var request = JobRequests.read(body, tools);
    var entry =
        jobs.start(
            request.agentId(),
            request.objective(),
            request.spec(),
            request.hash(),
            Optional.ofNullable(idempotencyKey),
            Authorization.actor(security));
    var job = jobs.row(entry.getRunKey()).orElseThrow();
    return Response.accepted(new JobRunResponse(WakeResponse.of(entry), JobResponse.of(job)))
        .location(uriInfo.getBaseUriBuilder().path("runs").path(entry.getRunKey()).build())
        .build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{runKey}/artifacts")
  @Operation(summary = "What the run wrote (write_artifact), oldest first, without the content")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = ArtifactResponse.class)))
  public Response artifacts(
      @PathParam("runKey") @Size(max = WakeRunLogEntry.RUN_KEY_LENGTH) String runKey,
      @BeanParam PageQuery page) {
    return PageQuery.ok(jobs.artifacts(runKey, page.window()), ArtifactResponse::listed, uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{runKey}/artifacts/{name}")
  @Operation(summary = "One artifact of the run, with its content")
  @APIResponse(responseCode = "200", description = "The artifact")
  @APIResponse(responseCode = "404", description = "The run wrote no artifact of that name")
  public ArtifactResponse artifact(
      @PathParam("runKey") @Size(max = WakeRunLogEntry.RUN_KEY_LENGTH) String runKey,
      @PathParam("name") @Size(max = RunArtifact.MAX_NAME_LENGTH) String name) {
    return jobs.artifact(runKey, name)
        .map(a -> ArtifactResponse.of(a, a.getContent()))
        .orElseThrow(() -> new NotFoundException("artifact", runKey + "/" + name));
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{runKey}/cancel")
  @Operation(
      summary =
          "Cancels a run: a queued, waiting or failed run at once; a started run at its next step"
              + " boundary (cancelRequestedAt is set and the status follows)")
  @APIResponse(responseCode = "200", description = "The run as it is now")
  @APIResponse(responseCode = "409", description = "The run is completed, skipped or cancelled")
  public WakeResponse cancel(
      @PathParam("runKey") @Size(max = WakeRunLogEntry.RUN_KEY_LENGTH) String runKey) {
    return WakeResponse.of(control.cancel(runKey));
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{runKey}/resume")
  @Operation(
      summary = "Resumes a waiting run: it is queued again and carries on from its last checkpoint")
  @APIResponse(responseCode = "200", description = "The run, queued")
  @APIResponse(responseCode = "409", description = "The run is not waiting")
  public WakeResponse resume(
      @PathParam("runKey") @Size(max = WakeRunLogEntry.RUN_KEY_LENGTH) String runKey) {
    return WakeResponse.of(control.resume(runKey));
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{runKey}/retry")
  @Operation(
      summary =
          "Runs a failed run again under its run key, from its last checkpoint; what it did"
              + " before is answered from its receipts")
  @APIResponse(responseCode = "200", description = "The run, queued")
  @APIResponse(responseCode = "409", description = "The run did not fail")
  public WakeResponse retry(
      @PathParam("runKey") @Size(max = WakeRunLogEntry.RUN_KEY_LENGTH) String runKey) {
    return WakeResponse.of(control.retry(runKey));
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{runKey}/questions")
  @Operation(summary = "What the run asked a person, oldest first, with the answers")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = QuestionResponse.class)))
  public Response questions(
      @PathParam("runKey") @Size(max = 200) String runKey, @BeanParam PageQuery page) {
    return PageQuery.ok(questions.ofRun(runKey, page.window()), QuestionResponse::of, uriInfo);
  }

  @Allowed(Role.OPERATOR)
  @POST
  @Path("{runKey}/answer")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Answer the run's open question (or approve or reject its plan): the run resumes with"
              + " the answer. 409 when the question is answered or expired already")
  @APIResponse(responseCode = "200", description = "Answered; the run resumes")
  @APIResponse(responseCode = "404", description = "The run asked nothing (of that id)")
  public Response answer(
      @PathParam("runKey") @Size(max = 200) String runKey, @NotNull @Valid AnswerRequest body) {
    var question =
        questions.answer(runKey, Optional.ofNullable(body.questionId()), body.answer(), who());
    return Response.ok(QuestionResponse.of(question)).tag(ETags.of(question.getVersion())).build();
  }

  private String who() {
    return Authorization.name(security);
  }
}
