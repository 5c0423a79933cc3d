package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.ARTIFACT_WRITE;
import static io.reveille.tool.entity.ScopeRule.AGENT_OWN_MEMORY;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.wake.control.Jobs;
import io.reveille.wake.entity.RunArtifact;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * {@code write_artifact}: the run writes a named artifact — a report, a summary, a draft — that
 * outlives the conversation, readable over {@code GET /api/runs/{runKey}/artifacts/{name}} and the
 * thing a job's {@code artifactExists} stop condition waits for. Writing the name again replaces
 * the content. Only a run has artifacts: a call over the API, which has none, is refused.
 */
@ApplicationScoped
public class ArtifactTools implements ToolSet {

  /** The media type of an artifact whose call names none. */
  static final String DEFAULT_MEDIA_TYPE = "text/markdown";

  @Inject Jobs jobs;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("write_artifact")
            .requires(ARTIFACT_WRITE)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::writeArtifact));
  }

  ToolOutcome writeArtifact(ToolInvocation call) {
    var runKey =
        RunCalls.runKey(
            call, "writes an artifact of the run making the call; a call over the API has no run");
    var args = call.arguments();
    var name = args.string("name");
    var mediaType = args.optionalString("mediaType").orElse(DEFAULT_MEDIA_TYPE);
    RunArtifact artifact;
    try {
      artifact =
          jobs.writeArtifact(
              runKey,
              call.agentId(),
              name,
              mediaType,
              args.string("content"),
              OperationIds.ledgerKey(call.agentId(), call.operationId().orElseThrow()));
    } catch (IllegalArgumentException e) {
      var message = String.valueOf(e.getMessage());
      throw ToolFailure.invalid(
          message.startsWith("content")
              ? "content"
              : message.startsWith("mediaType") ? "mediaType" : "name",
          message);
    }
    return ToolOutcome.of(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("runKey", runKey)
                .add("name", artifact.getName())
                .add("mediaType", artifact.getMediaType())
                .add("sizeChars", artifact.getSizeChars())
                .build())
        .build();
  }
}
