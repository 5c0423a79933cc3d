package io.reveille.tool.control.approval;

import static io.reveille.tool.entity.Capability.MEMORY_WRITE;
import static io.reveille.tool.entity.ScopeRule.AGENT_OWN_MEMORY;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.tool.entity.ProposalStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * {@code retract_suggestions}: an agent takes back its own pending proposals, each with a reason
 * (it learned more, the situation changed). A proposal of another agent, or one already decided, is
 * skipped and said so, never touched; a run waiting for a withdrawn proposal goes on as for a
 * rejection.
 */
@ApplicationScoped
public class ProposalTools implements ToolSet {

  @Inject ProposalDecisions decisions;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("retract_suggestions")
            .requires(MEMORY_WRITE)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::retract));
  }

  ToolOutcome retract(ToolInvocation call) {
    var provider = JsonDocuments.provider();
    var withdrawn = provider.createArrayBuilder();
    var skipped = provider.createArrayBuilder();
    for (var item : call.arguments().objects("proposals")) {
      var id = item.getString("proposalId");
      var found = decisions.withdraw(call.agentId(), id, item.getString("reason").strip());
      if (found.isEmpty()) {
        skipped.add(
            provider
                .createObjectBuilder()
                .add("proposalId", id)
                .add("why", "no proposal of this agent has that id"));
      } else if (found.get().getStatus() == ProposalStatus.WITHDRAWN
          && found.get().getDecidedBy().orElse("").equals("agent:" + call.agentId())) {
        withdrawn.add(id);
      } else {
        skipped.add(
            provider
                .createObjectBuilder()
                .add("proposalId", id)
                .add("why", "it is " + found.get().getStatus().wire() + " already"));
      }
    }
    return ToolOutcome.of(
            provider
                .createObjectBuilder()
                .add("withdrawn", withdrawn)
                .add("skipped", skipped)
                .build())
        .build();
  }
}
