package io.reveille.run.boundary;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.wake.control.JobSpec;
import io.reveille.wake.entity.RunArtifact;
import io.reveille.wake.entity.RunJob;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The documents of jobs over HTTP: the request that starts one, the job and its artifacts. */
public final class JobRequests {

  private JobRequests() {}

  /**
   * A job to start: the agent, the objective, and — each optional — the constraints, stop
   * conditions, expected artifacts, escalation rules and budgets (see the user guide).
   */
  @Schema(name = "JobRequest")
  public record JobRequest(
      @Schema(required = true, maxLength = 64) String agentId,
      @Schema(required = true, maxLength = RunJob.MAX_OBJECTIVE_LENGTH) String objective,
      @Schema(
              description =
                  "allowedDomains (hosts external tools may reach), forbiddenActions (tool names),"
                      + " noDuplicateExternalActions")
          JsonObject constraints,
      @Schema(
              description =
                  "Each {type: artifactExists, artifact}, {type: toolResult, tool, pointer?,"
                      + " equals?} or {type: budget, budget}; the run completes only when one"
                      + " holds")
          List<JsonObject> stopConditions,
      List<String> expectedArtifacts,
      @Schema(description = "onAuthFailure, onAmbiguity, onBudget") JsonObject escalation,
      @Schema(description = "Budgets replacing the agent's, e.g. {maxSteps: 12}")
          JsonObject budgets) {}

  /** A checked request. */
  public record Checked(String agentId, String objective, JobSpec spec, String hash) {}

  private static final Set<String> TOP_FIELDS =
      Set.of(
          "agentId",
          "objective",
          "constraints",
          "stopConditions",
          "expectedArtifacts",
          "escalation",
          "budgets");

  /**
   * Reads a job request; every field is checked before any is refused.
   *
   * @throws InvalidInputException naming each offending field
   */
  static Checked read(JsonObject body, ToolRegistry tools) {
    if (body == null) {
      throw new InvalidInputException("", "a job request is a JSON object");
    }
    var problems = new ArrayList<InvalidInputException.Violation>();
    body.keySet().stream()
        .filter(key -> !TOP_FIELDS.contains(key))
        .sorted()
        .forEach(
            key ->
                problems.add(
                    new InvalidInputException.Violation(
                        key,
                        "is not a field; known: "
                            + TOP_FIELDS.stream().sorted().collect(Collectors.joining(", ")))));
    var agentId = text(body, "agentId", 64, problems);
    var objective = text(body, "objective", RunJob.MAX_OBJECTIVE_LENGTH, problems);
    JobSpec spec = null;
    try {
      spec = JobSpec.parse(body);
    } catch (InvalidInputException e) {
      problems.addAll(e.getViolations());
    }
    problems.addAll(unknownTools(body, tools));
    var stored = spec == null ? 0 : spec.toJson().length();
    if (stored > RunJob.MAX_SPEC_LENGTH) {
      problems.add(
          new InvalidInputException.Violation(
              "stopConditions",
              "with the constraints, expected artifacts and budgets, the job's spec is "
                  + stored
                  + " chars of JSON, at most "
                  + RunJob.MAX_SPEC_LENGTH));
    }
    if (!problems.isEmpty()) {
      throw new InvalidInputException(problems);
    }
    return new Checked(
        agentId,
        objective.strip(),
        spec,
        OperationIds.argumentsHash(body).substring("sha256:".length()));
  }

  /**
   * The tool names of the request that name no tool: each forbidden action, each {@code toolResult}
   * condition's tool. Read from the request as given, so that they are named with the request's
   * other faults.
   */
  private static List<InvalidInputException.Violation> unknownTools(
      JsonObject body, ToolRegistry tools) {
    var unknown = new ArrayList<InvalidInputException.Violation>();
    if (body.get("constraints") instanceof JsonObject constraints
        && constraints.get("forbiddenActions") instanceof jakarta.json.JsonArray forbidden) {
      for (var i = 0; i < forbidden.size(); i++) {
        if (forbidden.get(i) instanceof JsonString name && tools.find(name.getString()).isEmpty()) {
          unknown.add(
              new InvalidInputException.Violation(
                  "constraints.forbiddenActions[" + i + "]", "names no tool: " + name.getString()));
        }
      }
    }
    if (body.get("stopConditions") instanceof jakarta.json.JsonArray conditions) {
      for (var i = 0; i < conditions.size(); i++) {
        if (conditions.get(i) instanceof JsonObject condition
            && "toolResult".equals(condition.getString("type", ""))
            && condition.get("tool") instanceof JsonString name) {
          var tool = tools.find(name.getString());
          if (tool.isEmpty()) {
            unknown.add(
                new InvalidInputException.Violation(
                    "stopConditions[" + i + "].tool", "names no tool: " + name.getString()));
          } else if (!tool.get().isMutating()) {
            unknown.add(
                new InvalidInputException.Violation(
                    "stopConditions[" + i + "].tool",
                    name.getString()
                        + " changes nothing, and only the calls that change something are on the"
                        + " ledger a toolResult condition reads"));
          }
        }
      }
    }
    return unknown;
  }

  private static String text(
      JsonObject body, String field, int max, List<InvalidInputException.Violation> problems) {
    if (!(body.get(field) instanceof JsonString value) || value.getString().isBlank()) {
      problems.add(new InvalidInputException.Violation(field, "is required: a non-blank string"));
      return null;
    }
    if (value.getString().length() > max) {
      problems.add(new InvalidInputException.Violation(field, "may be at most " + max + " chars"));
      return null;
    }
    return value.getString();
  }

  /** A job: its run, objective, spec, who started it, and what ended it once done. */
  @Schema(name = "JobResponse")
  public record JobResponse(
      String runKey,
      String agentId,
      String objective,
      JsonObject spec,
      String createdBy,
      Instant createdAt,
      String stoppedBy,
      String finalArtifact,
      Instant doneAt) {

    static JobResponse of(RunJob job) {
      return new JobResponse(
          job.getRunKey(),
          job.getAgentId(),
          job.getObjective(),
          JobSpec.fromJson(job.getSpec()).toJsonObject(),
          job.getCreatedBy().orElse(null),
          job.getCreatedAt(),
          job.getStoppedBy().orElse(null),
          job.getFinalArtifact().orElse(null),
          job.getDoneAt().orElse(null));
    }
  }

  /** An artifact of a run; its content only when asked for by name. */
  @Schema(name = "ArtifactResponse")
  public record ArtifactResponse(
      String runKey,
      String name,
      String mediaType,
      int sizeChars,
      Instant createdAt,
      Instant updatedAt,
      String content) {

    static ArtifactResponse listed(RunArtifact artifact) {
      return of(artifact, null);
    }

    static ArtifactResponse of(RunArtifact artifact, String content) {
      return new ArtifactResponse(
          artifact.getRunKey(),
          artifact.getName(),
          artifact.getMediaType(),
          artifact.getSizeChars(),
          artifact.getCreatedAt(),
          artifact.getUpdatedAt(),
          content);
    }
  }
}
