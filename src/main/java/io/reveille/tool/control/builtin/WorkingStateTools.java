package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.MEMORY_WRITE;
import static io.reveille.tool.entity.ScopeRule.AGENT_OWN_MEMORY;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.ToolSet;
import io.reveille.workingstate.control.Expectation;
import io.reveille.workingstate.control.WorkingStates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code declare_expectations}: the agent says what its next tool calls should do, in the working
 * state of the thread it acts in; the executor then checks every result of those tools against it
 * (by ids, else type, else count). Each expectation must name a tool of the catalog as its action;
 * the working state belongs to the agent alone, so the tool is scoped to the agent itself.
 */
@ApplicationScoped
public class WorkingStateTools implements ToolSet {

  @Inject WorkingStates workingStates;
  @Inject ToolRegistry registry;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("declare_expectations")
            .requires(MEMORY_WRITE)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::declare));
  }

  ToolOutcome declare(ToolInvocation call) {
    var declared = new ArrayList<Expectation>();
    var given = call.arguments().objects("expectations");
    for (var i = 0; i < given.size(); i++) {
      var where = "expectations[" + i + "]";
      var json = given.get(i);
      var action = json.getString("action");
      if (registry.find(action).isEmpty()) {
        throw new InvalidInputException(where + ".action", "no tool named '" + action + "'");
      }
      declared.add(expectation(where, json));
    }
    var state = workingStates.declare(call.agentId(), call.threadId(), declared);
    var ids = JsonDocuments.provider().createArrayBuilder();
    declared.forEach(e -> ids.add(e.id()));
    return ToolOutcome.of(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("threadId", call.threadId())
                .add("expectationIds", ids)
                .add("pending", state.pending().size())
                .build())
        .build();
  }

  private static Expectation expectation(String where, JsonObject json) {
    try {
      return Expectation.pending(
              json.getString("id"),
              json.getString("action"),
              json.getString("expectedOutcome"),
              json.containsKey("expectedIds")
                  ? json.getJsonArray("expectedIds").getValuesAs(JsonString::getString)
                  : List.of(),
              json.containsKey("expectedType")
                  ? Optional.of(json.getString("expectedType"))
                  : Optional.empty(),
              json.containsKey("expectedCount")
                  ? OptionalInt.of(json.getInt("expectedCount"))
                  : OptionalInt.empty())
          .withInvariant(
              json.containsKey("invariant")
                  ? Optional.of(json.getString("invariant"))
                  : Optional.empty());
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          where + "." + e.getField().replaceFirst("^expectation\\.", ""), e.getMessage());
    }
  }
}
