package io.reveille.testing;

import io.reveille.inference.control.OpenAiProtocolServer;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.UUID;

/**
 * Runs as the API shows them ({@code GET /api/runs/{runKey}}, from inside the server), and the
 * scripted model's answers that drive them.
 */
public final class Runs {

  /** How long a run of the scripted model is given to reach a status. */
  public static final Duration SETTLED = Duration.ofSeconds(60);

  private Runs() {}

  /** The run with its steps, tool calls, messages and job. */
  public static JsonObject run(String runKey) {
    return Api.inServer().get("/api/runs/" + runKey).json();
  }

  /** Waits until the run has {@code status}. */
  public static void awaitStatus(String runKey, String status) {
    Poll.until(
        SETTLED,
        () -> status.equals(run(runKey).getJsonObject("run").getString("status")),
        () -> "run " + run(runKey));
  }

  /** The scripted model's answer calling {@code tool} with {@code arguments}. */
  public static String calling(String tool, JsonObject arguments) {
    return OpenAiProtocolServer.toolCallsBody(
        30,
        10,
        new OpenAiProtocolServer.ToolCall("call_" + UUID.randomUUID(), tool, arguments.toString()));
  }

  /** The scripted model's answer {@code text}, without tool calls. */
  public static String answering(String text) {
    return OpenAiProtocolServer.answerBody(text);
  }
}
