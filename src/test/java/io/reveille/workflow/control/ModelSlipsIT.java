package io.reveille.workflow.control;

import static io.reveille.testing.Runs.answering;
import static io.reveille.testing.Runs.awaitStatus;
import static io.reveille.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.inference.control.OpenAiProtocolServer.ToolCall;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.testing.Api;
import io.reveille.tool.control.ToolWorld;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A model's small mistakes, on the real server with a scripted model: a tool name one swap away
 * from one of the agent's tools, with its arguments encoded twice, is carried out as that tool (the
 * observation is recorded) and the run's step says what was forgiven; a name far from every tool is
 * refused, the refusal listing the tools the agent may call, and the run goes on.
 */
@ExtendWith(ArquillianExtension.class)
class ModelSlipsIT {

  @Inject AgentService agents;
  @Inject InferenceGateway gateway;
  @Inject ToolWorld worlds;

  @Test
  void aMisspeltToolWithArgumentsEncodedTwiceIsCarriedOutAndRecordedAsRecovered() {
    var marker = "slips-" + UUID.randomUUID();
    var world = worlds.create();
    var arguments =
        Json.createObjectBuilder()
            .add("taskId", world.taskA)
            .add("status", "groomed")
            .add("reason", "refined, ready to be picked up")
            .build();
    var model =
        OpenAiProtocolServer.shared()
            .alwaysAnswerByStep(
                marker,
                List.of(
                    OpenAiProtocolServer.toolCallsBody(
                        30,
                        10,
                        new ToolCall(
                            "call_slip",
                            "set_taks_status",
                            Json.createValue(arguments.toString()).toString())),
                    OpenAiProtocolServer.toolCallsBody(
                        30, 10, new ToolCall("call_far", "frobnicate_widgets", "{}")),
                    answering("Noted.")));
    String agentId = null;
    try {
      ClosedCircuit.await(gateway);
      agentId =
          agents
              .create(
                  new NewAgent(
                      AgentKind.CUSTOM,
                      "Slips " + marker,
                      AgentMode.AUTONOMOUS,
                      AgentLifecycle.ACTIVE,
                      Set.of(world.categoryA),
                      AgentConfig.empty()
                          .withModelId("default")
                          .withInstructions("You are the Slips agent of " + marker + "."),
                      AgentSlots.empty()))
              .agent()
              .getId();
      var woken = Api.inServer().post("/api/agents/" + agentId + "/wakes", "");
      assertEquals(202, woken.status(), woken::toString);
      var runKey = woken.json().getString("runKey");
      awaitStatus(runKey, "completed");

      assertEquals(TaskStatus.GROOMED, world.services.journal.task(world.taskA).getStatus());
      var detail = run(runKey);
      var first = call(detail, 0);
      assertEquals("set_task_status", first.getString("name"), first::toString);
      assertEquals(arguments, first.getJsonObject("arguments"));
      assertEquals(
          Json.createArrayBuilder()
              .add(Json.createObjectBuilder().add("kind", "doubleEncodedArguments"))
              .add(
                  Json.createObjectBuilder().add("kind", "toolName").add("from", "set_taks_status"))
              .build(),
          first.getJsonArray("recovered"));
      var far = call(detail, 1);
      assertEquals("frobnicate_widgets", far.getString("name"), far::toString);
      assertTrue(!far.containsKey("recovered"), far::toString);
      var refused =
          java.util.regex.Pattern.compile(
              "no tool named 'frobnicate_widgets'; this agent may call on a [a-zA-Z]+ wake: "
                  + "[a-z_, ]*set_task_status");
      assertTrue(refused.matcher(detail.toString()).find(), detail::toString);
      assertTrue(
          model.requestsMentioning("no tool named 'frobnicate_widgets'") > 0, "the model was told");
    } finally {
      model.forget(marker);
      if (agentId != null) {
        agents.destroy(agentId, OptionalLong.empty());
      }
    }
  }

  /** The {@code index}th step's (only) tool call, as its decision records it. */
  private static JsonObject call(JsonObject detail, int index) {
    return detail
        .getJsonArray("steps")
        .getJsonObject(index)
        .getJsonObject("decision")
        .getJsonArray("reveille.toolCalls")
        .getJsonObject(0);
  }
}
