package io.reveille.wake;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Api;
import io.reveille.testing.ClassOrder;
import io.reveille.testing.ConversationModel;
import io.reveille.testing.HttpSink;
import io.reveille.testing.LibertyServer;
import io.reveille.testing.SameOnEveryStack;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Durable runs against a real fault: the server's JVM killed with SIGKILL in the middle of runs
 * that call external HTTP tools, then started again with the {@code server} script. The server
 * ({@code reveille-durable}: the shipped WAR, Derby, the embedded broker) thinks with a scripted
 * model ({@link ConversationModel}, which answers each conversation by its turn and can hold one
 * turn in flight) and calls external tools declared in a document this test writes, served by a
 * sink in this JVM ({@link HttpSink}) that counts requests and effects per {@code Idempotency-Key}.
 *
 * <p>One kill, with three runs of a plan — write a report artifact (an observation), call an
 * external "upload", an external "send email", a final external notification, then report — each
 * standing at another point with the model's next turn in flight: before the upload, between the
 * upload and the email, after the email. After the restart each run completes, the sink has applied
 * and seen each external effect exactly once, the artifact exists once, and the model is asked
 * again only for the turn that was in flight. Beside the plans stand three calls the sink applied
 * and holds unanswered when the JVM dies, reconciled after the restart as their tools declare:
 * looked up (not sent again), sent again with the same key (applied once), or — a tool that
 * declares neither — left in doubt with its run waiting, until an operator says it took effect and
 * resumes the run. Beside them stands a run of an agent that follows a plan ({@code config.plan}),
 * no model: its artifact, its upload, then a call the sink applies and holds when the JVM dies,
 * then its email; after the restart it carries out its recorded steps from their receipts, sends
 * the held call again with the same key and completes, each effect applied once. One kill for all
 * seven runs rather than one per point: each start of a server costs the build half a minute of
 * both cores, and the runs are independent of each other (their own agents, conversations and
 * idempotency keys), so each test below checks its own pair.
 *
 * <p>Its server is Derby and the embedded broker whatever the environment says, so a pass on
 * another stack would only repeat it.
 */
@SameOnEveryStack
@Execution(ExecutionMode.CONCURRENT)
@Order(ClassOrder.DURABLE_RUN_CRASH)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DurableRunCrashIT {

  private static final Logger LOG = Logger.getLogger(DurableRunCrashIT.class.getName());

  private static final Duration READY_WITHIN = Duration.ofMinutes(3);
  private static final Duration SETTLE = Duration.ofMinutes(3);
  private static final String SINK_TOKEN = "durable-sink-" + UUID.randomUUID();

  /** The plan's turns: artifact, upload, email, notification; the fifth answer is the report. */
  private static final List<String> PLAN = List.of("artifact", "upload", "email", "notify");

  /** The tool of the call in doubt beside the plan held at each point (index 0 is point 1). */
  private static final List<String> HELD_TOOLS =
      List.of("send_held_lookup", "send_held_idempotent", "send_held_plain");

  private final ConversationModel model = new ConversationModel();
  private final HttpSink sink = HttpSink.startOnFreePort(SINK_TOKEN);
  private LibertyServer server;
  private Api api;

  /**
   * The runs that stood still under the kill: by point, the plan and the call in doubt beside it.
   */
  private final Map<Integer, List<Woken>> killed = new HashMap<>();

  /** The run of an agent that follows a plan, no model, stood still in its held external call. */
  private Woken followed;

  @BeforeAll
  void start() throws IOException, InterruptedException {
    var tools = Path.of("target", "durable-external-tools.json").toAbsolutePath();
    Files.writeString(tools, toolsDocument(sink.port()).toString());
    var environment = LibertyServer.ownEnvironment();
    environment.put("REVEILLE_INFERENCE_BASE_URL", model.baseUrl());
    environment.put("REVEILLE_INFERENCE_MODEL", "durable-test-model");
    environment.put("REVEILLE_INFERENCE_API_KEY", "sk-durable-" + UUID.randomUUID());
    environment.put("REVEILLE_TOOLS_EXTERNAL_FILE", tools.toString());
    environment.put("TOOL_SECRET_DURABLE_SINK_TOKEN", SINK_TOKEN);
    // The model's external calls run here as they are asked for: approvals are not this test's
    // subject (ToolApprovalsIT holds them), so the model guard is off.
    environment.put("REVEILLE_APPROVAL_CUSTOM_MODEL_GUARD", "false");
    // Seven runs stand still at once under the kill: each holds a wake consumer's session.
    environment.put("REVEILLE_MDB_MAX_SESSIONS", "8");
    server = LibertyServer.durableServer(environment);
    api = new Api(server.baseUri(), server::generatedAdminAuthorization);
    server.start(READY_WITHIN);
    killedOnce();
  }

  @AfterAll
  void stop() {
    try {
      if (server != null) {
        server.stopOrKill();
      }
    } finally {
      sink.close();
      model.close();
    }
  }

  /**
   * One external tool of the test's document, posting {@code {note}} to the sink's {@code path}.
   */
  private static JsonObject tool(
      String name, String path, boolean idempotent, boolean lookup, int port) {
    var note =
        Json.createObjectBuilder().add("type", "string").add("minLength", 1).add("maxLength", 200);
    var receipt = Json.createObjectBuilder().add("type", "string");
    var json =
        Json.createObjectBuilder()
            .add("name", name)
            .add("description", "The durable test's " + name + ", served by its sink.")
            .add("method", "POST")
            .add("url", "http://127.0.0.1:" + port + path)
            .add(
                "headers",
                Json.createObjectBuilder()
                    .add("Authorization", "Bearer ${secret:durable.sink.token}"))
            .add("body", Json.createObjectBuilder().add("note", "{note}").add("kind", name))
            .add(
                "inputSchema",
                Json.createObjectBuilder()
                    .add("type", "object")
                    .add("required", Json.createArrayBuilder().add("note"))
                    .add("properties", Json.createObjectBuilder().add("note", note))
                    .add("additionalProperties", false))
            .add(
                "outputSchema",
                Json.createObjectBuilder()
                    .add("type", "object")
                    .add(
                        "properties",
                        Json.createObjectBuilder().add("receiptId", receipt).add("state", receipt))
                    .add("additionalProperties", false))
            .add(
                "response",
                Json.createObjectBuilder()
                    .add(
                        "fields",
                        Json.createObjectBuilder().add("receiptId", "/id").add("state", "/status"))
                    .add("correlationId", Json.createObjectBuilder().add("header", "X-Request-Id")))
            .add("timeoutMillis", 5000)
            .add("idempotent", idempotent)
            .add("scopeArguments", Json.createArrayBuilder().add("note"))
            .add("riskLevel", "medium");
    if (lookup) {
      json.add(
          "lookup",
          Json.createObjectBuilder()
              .add("method", "GET")
              .add("url", "http://127.0.0.1:" + port + "/lookup/{idempotencyKey}"));
    }
    return json.build();
  }

  private static JsonObject toolsDocument(int port) {
    return Json.createObjectBuilder()
        .add("description", "External tools of DurableRunCrashIT, all served by its sink.")
        .add(
            "tools",
            Json.createArrayBuilder()
                .add(tool("upload_report", "/apply", true, false, port))
                .add(tool("send_email", "/apply", true, false, port))
                .add(tool("notify_done", "/apply", true, false, port))
                .add(tool("send_held_lookup", "/hold", false, true, port))
                .add(tool("send_held_idempotent", "/hold", true, false, port))
                .add(tool("send_held_plain", "/hold", false, false, port)))
        .build();
  }

  /** A chat completion asking for one call of {@code tool} with {@code arguments}. */
  private static String calling(String tool, JsonObject arguments) {
    return OpenAiProtocolServer.toolCallsBody(
        40,
        10,
        new OpenAiProtocolServer.ToolCall("call_" + UUID.randomUUID(), tool, arguments.toString()));
  }

  /** A chat completion answering {@code text}, no tool calls. */
  private static String answering(String text) {
    return Json.createObjectBuilder()
        .add("id", "c-" + UUID.randomUUID())
        .add("object", "chat.completion")
        .add(
            "choices",
            Json.createArrayBuilder()
                .add(
                    Json.createObjectBuilder()
                        .add("index", 0)
                        .add(
                            "message",
                            Json.createObjectBuilder()
                                .add("role", "assistant")
                                .add("content", text))
                        .add("finish_reason", "stop")))
        .add(
            "usage",
            Json.createObjectBuilder().add("prompt_tokens", 30).add("completion_tokens", 5))
        .build()
        .toString();
  }

  private static JsonObject note(String text) {
    return Json.createObjectBuilder().add("note", text).build();
  }

  /** A custom agent whose instructions name {@code marker}, and its run, woken now. */
  private record Woken(String marker, String agentId, String runKey) {}

  private Woken wake(String marker) {
    return wake(
        marker,
        Json.createObjectBuilder()
            .add("modelId", "default")
            .add("instructions", "You are the durable agent " + marker + "."));
  }

  /** A custom agent of this {@code config}, and its run, woken now. */
  private Woken wake(String marker, jakarta.json.JsonObjectBuilder config) {
    var created =
        api.post(
            "/api/agents",
            Json.createObjectBuilder()
                .add("kind", "custom")
                .add("displayName", "Durable " + marker)
                .add("config", config)
                .build()
                .toString());
    assertEquals(201, created.status(), created::toString);
    var agentId = created.json().getString("id");
    var wake = api.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, wake.status(), wake::toString);
    return new Woken(marker, agentId, wake.json().getString("runKey"));
  }

  /** The arguments of the report artifact's {@code record_observations} call. */
  private static JsonObject artifact(String marker) {
    return Json.createObjectBuilder()
        .add(
            "observations",
            Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("text", "Report artifact " + marker)))
        .build();
  }

  private JsonObject run(String runKey) {
    var response = api.get("/api/runs/" + runKey);
    assertEquals(200, response.status(), response::toString);
    return response.json();
  }

  private String status(String runKey) {
    return run(runKey).getJsonObject("run").getString("status");
  }

  private void awaitStatus(String runKey, String wanted) {
    await()
        .atMost(SETTLE)
        .ignoreExceptions()
        .until(() -> status(runKey), status -> wanted.equals(status) || "failed".equals(status));
    assertEquals(wanted, status(runKey), () -> run(runKey).toString());
  }

  private List<JsonObject> toolCalls(String runKey) {
    return run(runKey).getJsonArray("toolCalls").getValuesAs(JsonObject.class);
  }

  private long observationsNaming(String agentId, String text) {
    return api
        .get("/api/agents/" + agentId + "/messages?kind=observation&content=true")
        .json()
        .getJsonArray("items")
        .getValuesAs(JsonObject.class)
        .stream()
        .filter(message -> message.getString("content", "").contains(text))
        .count();
  }

  /** Scripts the plan for a new agent and holds its turn {@code killAt} in flight; wakes it. */
  private Woken planned(int killAt, CountDownLatch release, List<CountDownLatch> inFlight) {
    var marker = "plan" + killAt + "-" + UUID.randomUUID();
    model.script(
        marker,
        List.of(
            calling("record_observations", artifact(marker)),
            calling("upload_report", note(marker + ":upload")),
            calling("send_email", note(marker + ":email")),
            calling("notify_done", note(marker + ":notify")),
            answering("Done: " + marker)));
    inFlight.add(model.holdOnce(marker, killAt, release));
    return wake(marker);
  }

  /** Scripts a run whose only call is of {@code tool} (served by the sink's /hold); wakes it. */
  private Woken doubtful(String tool) {
    var marker = tool + "-" + UUID.randomUUID();
    model.script(
        marker, List.of(calling(tool, note(marker + ":held")), answering("Sent: " + marker)));
    return wake(marker);
  }

  /**
   * An agent whose plan ({@code config.plan}) makes, with no model, the artifact, the upload, a
   * call the sink applies and holds (an idempotent tool) and the email; wakes it.
   */
  private Woken following() {
    var marker = "followed-" + UUID.randomUUID();
    var plan =
        Json.createArrayBuilder()
            .add(
                Json.createObjectBuilder()
                    .add("tool", "record_observations")
                    .add("arguments", artifact(marker)))
            .add(step("upload_report", marker + ":upload"))
            .add(step("send_held_idempotent", marker + ":held"))
            .add(step("send_email", marker + ":email"));
    return wake(marker, Json.createObjectBuilder().add("plan", plan));
  }

  private static JsonObject step(String tool, String note) {
    return Json.createObjectBuilder().add("tool", tool).add("arguments", note(note)).build();
  }

  /**
   * Runs three plans, each held with another turn in flight (1: before the upload, 2: between the
   * upload and the email, 3: after the email), beside three runs whose calls of the {@link
   * #HELD_TOOLS} are in doubt, and a run that follows a plan: all seven stand still, the JVM is
   * killed once, and the server is started again.
   */
  private void killedOnce() throws InterruptedException {
    var release = new CountDownLatch(1);
    var inFlight = new ArrayList<CountDownLatch>();
    var held = sink.held();
    for (var point = 1; point <= HELD_TOOLS.size(); point++) {
      var plan = planned(point, release, inFlight);
      killed.put(point, List.of(plan, doubtful(HELD_TOOLS.get(point - 1))));
    }
    followed = following();
    for (var arrived : inFlight) {
      assertTrue(arrived.await(SETTLE.toSeconds(), TimeUnit.SECONDS), "the run reached its point");
    }
    await().atMost(SETTLE).until(() -> sink.held() == held + HELD_TOOLS.size() + 1);

    server.kill();
    release.countDown();
    sink.release();
    var restarted = System.nanoTime();
    server.start(READY_WITHIN);
    LOG.info(
        "reveille-durable ready "
            + Duration.ofNanos(System.nanoTime() - restarted).toMillis()
            + " ms after the kill with turns 1, 2 and 3 of three plans in flight");
  }

  /** The plan completed once: each external effect sent and applied once, the artifact once. */
  private void completedOnce(Woken woken, int killAt) {
    awaitStatus(woken.runKey(), "completed");
    assertEquals(
        "admin",
        run(woken.runKey()).getJsonObject("run").getString("causedBy"),
        "the run recovered after the kill still carries who caused it");
    for (var effect : List.of("upload", "email", "notify")) {
      var key = sink.keyOf(woken.marker() + ":" + effect);
      assertEquals(1, sink.applications(key), woken.marker() + " " + effect + " applied once");
      assertEquals(1, sink.requests(key), woken.marker() + " " + effect + " sent once");
    }
    assertEquals(
        1,
        observationsNaming(woken.agentId(), "Report artifact " + woken.marker()),
        "the report artifact exists once");
    assertEquals(
        "Done: " + woken.marker(),
        api.get("/api/agents/" + woken.agentId() + "/report").json().getString("content"));
    for (var turn = 0; turn < PLAN.size() + 1; turn++) {
      assertEquals(
          turn == killAt ? 2 : 1,
          model.requests(woken.marker(), turn),
          woken.marker() + ": turn " + turn + " asked again only if it was in flight");
    }
  }

  @Test
  @Order(1)
  @Execution(ExecutionMode.SAME_THREAD)
  void killedBeforeTheFirstExternalCallTheRunCompletesOnceAndACallInDoubtIsLookedUp() {
    var runs = killed.get(1);

    completedOnce(runs.get(0), 1);
    var lookedUp = runs.get(1);
    awaitStatus(lookedUp.runKey(), "completed");
    var key = sink.keyOf(lookedUp.marker() + ":held");
    assertEquals(1, sink.applications(key));
    assertEquals(1, sink.requests(key), "looked up, not sent again");
    assertTrue(sink.lookups(key) >= 1, "the provider was asked");
    assertEquals("succeeded", toolCalls(lookedUp.runKey()).get(0).getString("status"));
  }

  @Test
  @Order(2)
  @Execution(ExecutionMode.SAME_THREAD)
  void killedBetweenTheExternalCallsTheRunCompletesOnceAndAnIdempotentCallInDoubtIsSentAgain() {
    var runs = killed.get(2);

    completedOnce(runs.get(0), 2);
    var resent = runs.get(1);
    awaitStatus(resent.runKey(), "completed");
    var key = sink.keyOf(resent.marker() + ":held");
    assertEquals(1, sink.applications(key), "applied once");
    assertEquals(2, sink.requests(key), "sent again with the same key");
    assertEquals("succeeded", toolCalls(resent.runKey()).get(0).getString("status"));
  }

  @Test
  @Order(3)
  @Execution(ExecutionMode.SAME_THREAD)
  void killedAfterTheSecondExternalCallTheRunCompletesOnceAndAPlainCallInDoubtWaitsForAPerson() {
    var runs = killed.get(3);

    completedOnce(runs.get(0), 3);
    var parked = runs.get(1);
    awaitStatus(parked.runKey(), "waiting");
    var waiting = run(parked.runKey());
    assertEquals("in_doubt", waiting.getJsonObject("run").getString("errorCode"));
    var call = toolCalls(parked.runKey()).get(0);
    assertEquals("running", call.getString("status"));
    assertTrue(call.getBoolean("inDoubt"), call::toString);
    var key = sink.keyOf(parked.marker() + ":held");
    assertEquals(1, sink.requests(key), "not sent again");

    var resolution =
        api.post(
            "/api/agents/"
                + parked.agentId()
                + "/tool-calls/"
                + call.getString("idempotencyKey")
                + "/resolution",
            Json.createObjectBuilder()
                .add("applied", true)
                .add(
                    "result",
                    Json.createObjectBuilder().add("receiptId", "checked").add("state", "applied"))
                .add("note", "the provider's console shows it")
                .build()
                .toString());
    assertEquals(200, resolution.status(), resolution::toString);
    var resumed = api.post("/api/runs/" + parked.runKey() + "/resume", "");
    assertEquals(200, resumed.status(), resumed::toString);
    awaitStatus(parked.runKey(), "completed");
    assertEquals(1, sink.applications(key));
    assertEquals(1, sink.requests(key), "never sent twice");
    assertEquals("succeeded", toolCalls(parked.runKey()).get(0).getString("status"));
  }

  @Test
  @Order(4)
  @Execution(ExecutionMode.SAME_THREAD)
  void killedInAPlansExternalCallThePlanCompletesOnceFromItsRecordedSteps() {
    awaitStatus(followed.runKey(), "completed");
    var marker = followed.marker();
    for (var effect : List.of("upload", "email")) {
      var key = sink.keyOf(marker + ":" + effect);
      assertEquals(1, sink.applications(key), marker + " " + effect + " applied once");
      assertEquals(1, sink.requests(key), marker + " " + effect + " sent once");
    }
    var held = sink.keyOf(marker + ":held");
    assertEquals(1, sink.applications(held), "the call in flight applied once");
    assertEquals(2, sink.requests(held), "sent again with the same key after the restart");
    assertEquals(
        1,
        observationsNaming(followed.agentId(), "Report artifact " + marker),
        "the artifact exists once");
    var run = run(followed.runKey());
    var steps = run.getJsonArray("steps").getValuesAs(JsonObject.class);
    assertEquals(4, steps.size(), run::toString);
    steps.forEach(step -> assertEquals("plan_step", step.getString("phase"), step::toString));
    var calls = toolCalls(followed.runKey());
    assertEquals(4, calls.size(), run::toString);
    calls.forEach(call -> assertEquals("succeeded", call.getString("status"), call::toString));
    var report = api.get("/api/agents/" + followed.agentId() + "/report").json();
    assertTrue(report.getString("content").contains("4. `send_email`"), report::toString);
  }
}
