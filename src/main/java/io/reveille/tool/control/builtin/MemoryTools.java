package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.MEMORY_WRITE;
import static io.reveille.tool.entity.ScopeRule.AGENT_OWN_MEMORY;

import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.memory.entity.AgentReport;
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
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The agent's own memory: {@code record_observations}, private observations for its next wakes
 * (what it noticed), {@code record_evolution_note} and the report written by a tool call. Each
 * observation is an {@code observation} message; the agent's memory belongs to no category, so the
 * tool is scoped to the agent itself.
 */
@ApplicationScoped
public class MemoryTools implements ToolSet {

  /** The tools that write the calling agent's report. */
  public static final java.util.Set<String> REPORT_TOOLS =
      java.util.Set.of("update_report", "publish_ritual_recap", "update_project_report");

  /** The provenance field of a report a tool wrote: the tool's name. */
  static final String REPORT_TOOL = "tool";

  /** The provenance field of a report a tool wrote: the run whose call wrote it. */
  static final String REPORT_RUN_KEY = "runKey";

  @Inject MemoryService memory;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("record_observations")
            .requires(MEMORY_WRITE)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::recordObservations),
        ToolDefinition.writing("record_evolution_note")
            .requires(MEMORY_WRITE)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::recordEvolutionNote),
        ToolDefinition.writing("update_report")
            .requires(MEMORY_WRITE)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::writeReport),
        ToolDefinition.writing("publish_ritual_recap")
            .requires(MEMORY_WRITE)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::writeReport));
  }

  ToolOutcome recordObservations(ToolInvocation call) {
    var threadId = threadOf(call);
    var ids = new ArrayList<String>();
    var recorded = JsonDocuments.provider().createArrayBuilder();
    for (var observation : call.arguments().objects("observations")) {
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
      var id =
          observe(call, threadId, observation.getString("text").strip(), priority, details.build());
      ids.add(id);
      recorded.add(id);
    }
    return ToolOutcome.of(
            JsonDocuments.provider().createObjectBuilder().add("observationIds", recorded).build())
        .changed(SemanticKey.AGENT, ids)
        .build();
  }

  /**
   * {@code record_evolution_note}: an improver's note of one kind (a reflection, a hypothesis, a
   * decision, a pattern) about the templates it tends, kept as a notable observation tagged {@code
   * evolution} and the kind, so that its next rituals read it.
   */
  ToolOutcome recordEvolutionNote(ToolInvocation call) {
    var kind = call.arguments().string("kind");
    var details =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("priority", ObservationPriority.NOTABLE.wire())
            .add("tags", JsonDocuments.provider().createArrayBuilder().add("evolution").add(kind))
            .add("category", "evolution." + kind)
            .build();
    var id =
        observe(
            call,
            threadOf(call),
            call.arguments().string("content").strip(),
            ObservationPriority.NOTABLE,
            details);
    return ToolOutcome.of(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("noteId", id)
                .add("kind", kind)
                .build())
        .changed(SemanticKey.AGENT, id)
        .build();
  }

  /**
   * {@code update_report} (a one-liner, a TL;DR and the body) and {@code publish_ritual_recap} (a
   * TL;DR and the body): the agent's report written by a tool call rather than taken from its final
   * answer. A run that wrote its report so keeps it: its final answer does not replace it.
   */
  ToolOutcome writeReport(ToolInvocation call) {
    var arguments = call.arguments();
    var text = new StringBuilder();
    arguments
        .optionalString("oneLiner")
        .ifPresent(line -> text.append("_").append(line.strip()).append("_\n\n"));
    text.append("**TL;DR** ").append(arguments.string("tldr").strip()).append("\n\n");
    text.append(arguments.string("content").strip());
    var report =
        report(call, text.toString(), null, JsonDocuments.provider().createObjectBuilder());
    return ToolOutcome.of(
            JsonDocuments.provider().createObjectBuilder().add("reportId", report.getId()).build())
        .changed(SemanticKey.AGENT, call.agentId())
        .build();
  }

  /**
   * Writes {@code text} as the calling agent's report, its provenance naming the tool and the run
   * whose call wrote it ({@link #REPORT_TOOL}, {@link #REPORT_RUN_KEY}) besides {@code provenance}.
   */
  AgentReport report(
      ToolInvocation call,
      String text,
      Double confidence,
      jakarta.json.JsonObjectBuilder provenance) {
    provenance.add(REPORT_TOOL, call.toolName());
    call.origin()
        .runKey()
        .filter(key -> !key.startsWith(ToolExecutor.API_RUN_KEY_PREFIX))
        .ifPresent(key -> provenance.add(REPORT_RUN_KEY, key));
    return memory.writeReport(
        call.agentId(), MemoryService.DEFAULT_REPORT_SCOPE, text, confidence, provenance.build());
  }

  /** The thread an observation of this call goes to: its run's, or the agent's own. */
  private static String threadOf(ToolInvocation call) {
    return call.origin()
        .runKey()
        .filter(key -> !key.startsWith(ToolExecutor.API_RUN_KEY_PREFIX))
        .map(key -> RunKeys.threadId(call.agentId(), key))
        .orElse(call.agentId() + ":observations");
  }

  private String observe(
      ToolInvocation call,
      String threadId,
      String text,
      ObservationPriority priority,
      JsonObject details) {
    var metadata =
        AgentMessageMetadata.empty()
            .withExtension(
                JsonDocuments.provider()
                    .createObjectBuilder()
                    .add("reveille.observation", details)
                    .build());
    return memory
        .append(
            call.agentId(),
            new NewMessage(
                threadId,
                AgentMessageKind.OBSERVATION,
                Optional.empty(),
                Optional.of(text),
                Math.max(1, text.length() / 4),
                metadata,
                Optional.of(priority)))
        .getId();
  }
}
