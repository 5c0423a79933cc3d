package io.reveille.taskagent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentMode;
import io.reveille.inference.control.ClosedCircuit;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.taskagent.control.TaskAgents.Options;
import io.reveille.testing.Poll;
import io.reveille.testing.ServerLogs;
import io.reveille.testing.TestIdentities;
import io.reveille.wake.control.RunKeys;
import io.reveille.wake.control.RunLogFixture;
import io.reveille.wake.entity.WakeStatus;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A model endpoint that echoes the request's {@code Authorization} header back in its refusal — as
 * misbehaving servers and proxies do — gets the inference API key into neither the run log
 * (readable over the API) nor the server's logs: the failure is recorded with the key masked.
 */
@ExtendWith(ArquillianExtension.class)
class ModelEndpointSecretsIT {

  private static final Duration WAKE = Duration.ofSeconds(45);

  @Inject JournalService journal;
  @Inject TaskAgents taskAgents;
  @Inject RunLogFixture runLog;
  @Inject InferenceGateway gateway;

  @Inject
  @ConfigProperty(name = "reveille.server.output.dir")
  String outputDir;

  @Test
  void anEndpointEchoingTheKeyLeavesItInNoRunLogAndNoServerLog() {
    ClosedCircuit.await(gateway);
    var key = TestIdentities.inferenceApiKey();
    var category = journal.createCategory("Echo " + UUID.randomUUID(), ChangeOrigin.NONE).getId();
    var taskId =
        journal
            .createTask(
                new NewTask(
                    "Keep the key",
                    Optional.empty(),
                    Optional.of(category),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty()),
                ChangeOrigin.NONE)
            .getId();
    OpenAiProtocolServer.shared().thenEchoingAuthorization(401);

    var agentId =
        taskAgents
            .create(
                taskId,
                new Options(
                    Optional.empty(),
                    AgentMode.AUTONOMOUS,
                    AgentConfig.empty().withModelId("default")))
            .agent()
            .getId();
    var runKey = RunKeys.manual(agentId, "key:" + TaskAgents.FIRST_WAKE_KEY);
    Poll.until(
        WAKE,
        () -> {
          var run = runLog.find(runKey);
          return run != null && run.getStatus() == WakeStatus.FAILED;
        });

    var error = runLog.find(runKey).getErrorMessage();
    assertTrue(error.contains("401") && error.contains("Bearer ****"), error);
    assertFalse(error.contains(key), error);
    var logs = Path.of(outputDir, "logs");
    // The runner logs the failure as it records it; the line names the run.
    Poll.until(WAKE, () -> ServerLogs.mention(logs, "Run " + runKey + " of agent"));
    assertEquals(java.util.List.of(), ServerLogs.leaks(logs, Map.of("inference API key", key)));
  }
}
