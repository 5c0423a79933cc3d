package io.reveille.platform;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.ClassOrder;
import io.reveille.testing.DatabaseControl;
import io.reveille.testing.LibertyServer;
import io.reveille.testing.OutboxBacklog;
import io.reveille.testing.Poll;
import io.reveille.testing.ServerLogs;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Real faults against a real server of its own ({@code reveille-crash}: the shipped WAR, the
 * embedded broker, Derby — or, in the second CI pass, a PostgreSQL database of its own):
 *
 * <ul>
 *   <li>a model call that outlasts the transaction timeout: the run completes once and no
 *       transaction times out, because no transaction spans a run;
 *   <li>where the test may stop the database (the second CI pass, on PostgreSQL), a model run cut
 *       by a 20 s outage completes once the database is back, the batches accepted meanwhile are
 *       recorded, and the agents wake again — without a restart;
 *   <li>the JVM killed with SIGKILL in the middle of a load of HTTP batches and tool calls, at
 *       several points, then started again with the {@code server} script: the application is ready
 *       within {@link #READY_WITHIN}, every batch the server accepted is recorded, no run is left
 *       queued or started, no run key is there twice, every agent wakes on its next match, and
 *       replaying every tool call that was sent has exactly one effect, and every batch a committed
 *       change wrote to the outbox is taken in.
 * </ul>
 *
 * <p>Not an Arquillian test: it starts, kills and starts the server itself, beside the Arquillian
 * classes.
 */
@Execution(ExecutionMode.CONCURRENT)
@Order(ClassOrder.CRASH_RESTART)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CrashRestartIT {

  private static final Logger LOG = Logger.getLogger(CrashRestartIT.class.getName());

  /** How long the application may take to be ready after a crash (docs/operations.md). */
  static final Duration READY_WITHIN = Duration.ofMinutes(3);

  /**
   * How long the load runs before each kill, in seconds ({@code reveille.it.crashKillPoints}): 4 is
   * early (still warming up), 13 in full swing. Each point costs a server start on a busy machine,
   * so a CI run covers each once: the first pass kills at 13 (on Derby), the second at 4 (on
   * PostgreSQL); {@code -Dit.crash.kill.points=4,13} kills at both.
   */
  private static final List<Duration> KILL_POINTS =
      java.util.Arrays.stream(System.getProperty("reveille.it.crashKillPoints", "4,13").split(","))
          .map(String::strip)
          .map(Long::parseLong)
          .map(Duration::ofSeconds)
          .toList();

  private static final Duration TRANSACTION_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration MODEL_DELAY = TRANSACTION_TIMEOUT.plusSeconds(5);

  /** Liberty's message when a transaction outlives its timeout. */
  private static final String TRANSACTION_TIMED_OUT = "WTRN0006W";

  private static final Duration OUTAGE = Duration.ofSeconds(20);
  private static final Duration MODEL_DELAY_IN_OUTAGE = Duration.ofSeconds(5);
  private static final Duration SETTLE = Duration.ofMinutes(3);
  private static final Set<String> UNFINISHED = Set.of("queued", "started");
  private static final int LOAD_AGENTS = 3;

  private final OpenAiProtocolServer model = OpenAiProtocolServer.shared();
  private LibertyServer server;
  private Api api;

  /** The server's environment, which a restart reads again. */
  private Map<String, String> environment;

  @BeforeAll
  void start() {
    environment = LibertyServer.ownEnvironment();
    environment.put("REVEILLE_DB_KIND", System.getProperty("reveille.it.crashDbKind", "derby"));
    environment.put("REVEILLE_DB_PORT", blankToNull("reveille.it.crashDbPort"));
    environment.put("REVEILLE_DB_NAME", blankToNull("reveille.it.crashDbName"));
    environment.put("REVEILLE_DB_PASSWORD", blankToNull("reveille.it.crashDbPassword"));
    environment.put("REVEILLE_INFERENCE_BASE_URL", model.baseUrl());
    environment.put("REVEILLE_INFERENCE_MODEL", "crash-test-model");
    environment.put("REVEILLE_INFERENCE_API_KEY", "sk-crash-" + UUID.randomUUID());
    environment.put(
        "REVEILLE_TRANSACTION_LIFETIME_SECONDS", String.valueOf(TRANSACTION_TIMEOUT.toSeconds()));
    // A short throttle window: the load keeps the wake path busy, its matches coalescing into a
    // run per agent every two seconds rather than one each, as they would on a real server.
    environment.put("REVEILLE_WAKE_SUBSCRIPTION_THROTTLE_SECONDS", "2");
    // This server logs in JSON (one setting), each record of a run naming the run.
    environment.put("REVEILLE_LOG_FORMAT", "JSON");
    // An operator's template of its own, which the improver tends across the day-later restart.
    environment.put("REVEILLE_TEMPLATES_DIR", Ritual.templatesDirectory().toString());
    server = LibertyServer.crashServer(environment);
    api = new Api(server.baseUri(), server::generatedAdminAuthorization);
    var took = timed(() -> server.start(READY_WITHIN));
    LOG.info("reveille-crash ready " + took.toMillis() + " ms after its first start");
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.stopOrKill();
    }
  }

  @Test
  @Order(1)
  @Execution(ExecutionMode.SAME_THREAD)
  void aModelCallLongerThanTheTransactionTimeoutCompletesItsRunOnce() {
    var logs = server.outputDir().resolve("logs");
    var timeoutsBefore = ServerLogs.occurrences(logs, TRANSACTION_TIMED_OUT);
    model.reset();
    var answer = "Report after a slow model " + UUID.randomUUID();
    model.thenAnswer(answer, MODEL_DELAY);
    var agentId =
        created(
            api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"Slow thinker\","
                    + "\"config\":{\"modelId\":\"default\"}}"));
    var wake = api.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, wake.status(), wake::toString);
    var runKey = wake.json().getString("runKey");

    await()
        .atMost(MODEL_DELAY.plus(Duration.ofMinutes(2)))
        .until(() -> "completed".equals(run(agentId, runKey).getString("status")));
    var run = run(agentId, runKey);
    assertEquals(1, run.getInt("attempts"), () -> "begun once: " + run);
    assertEquals(1, model.requests(), "the model was asked once");
    assertEquals(answer, api.get("/api/agents/" + agentId + "/report").json().getString("content"));
    // The run outlasted the transaction timeout; had a transaction spanned it (the delivery's),
    // Liberty would have logged its timeout when it passed, before the run completed.
    assertEquals(
        timeoutsBefore,
        ServerLogs.occurrences(logs, TRANSACTION_TIMED_OUT),
        "no transaction timed out");
  }

  @Test
  @Order(1)
  @Execution(ExecutionMode.SAME_THREAD)
  void inJsonEveryLogRecordOfARunCarriesItsAgentIdAndRunKey() throws java.io.IOException {
    model.reset();
    model.then(400, "{\"error\":{\"message\":\"refused by the test\"}}");
    var agentId =
        created(
            api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"Logged\","
                    + "\"config\":{\"modelId\":\"default\"}}"));
    var wake = api.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, wake.status(), wake::toString);
    var runKey = wake.json().getString("runKey");
    await()
        .atMost(Duration.ofMinutes(2))
        .until(() -> "failed".equals(run(agentId, runKey).getString("status")));

    var log = server.outputDir().resolve("logs").resolve("messages.log");
    var records =
        await()
            .atMost(Duration.ofMinutes(1))
            // The server may be half-way through writing the last line.
            .ignoreExceptions()
            .until(
                () ->
                    java.nio.file.Files.readAllLines(log).stream()
                        .filter(line -> line.startsWith("{"))
                        .map(line -> jakarta.json.Json.createReader(new java.io.StringReader(line)))
                        .map(jakarta.json.JsonReader::readObject)
                        .filter(record -> record.getString("message", "").contains(runKey))
                        .toList(),
                found -> found.stream().anyMatch(r -> "WARNING".equals(r.getString("loglevel"))));
    // The failure the run logged, and every record naming the run, carry it as fields.
    for (var record : records) {
      assertEquals(runKey, record.getString("ext_runKey", null), record::toString);
      assertEquals(agentId, record.getString("ext_agentId", null), record::toString);
    }
    // Outside a run, no record does: the server's start, for one.
    var started =
        java.nio.file.Files.readAllLines(log).stream()
            .filter(line -> line.contains("CWWKF0011I"))
            .findFirst()
            .orElseThrow();
    assertTrue(started.startsWith("{") && !started.contains("ext_runKey"), started);
  }

  @Test
  @Order(2)
  @Execution(ExecutionMode.SAME_THREAD)
  void aModelRunCutByADatabaseOutageCompletesAfterwardsAndTheAgentWakesAgain() {
    var database =
        DatabaseControl.of("reveille.it.crashDatabaseStop", "reveille.it.crashDatabaseStart")
            .orElse(null);
    Assumptions.assumeTrue(
        database != null, "no database this test may stop (it.crash.database.stop)");
    model.reset();
    var lost = "Report the outage lost " + UUID.randomUUID();
    var kept = "Report after the outage " + UUID.randomUUID();
    // The first answer arrives while the database is away; the run's re-run gets the second.
    model.thenAnswer(lost, MODEL_DELAY_IN_OUTAGE).thenAnswer(kept);
    var thinker =
        created(
            api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"Thinks through an outage\","
                    + "\"config\":{\"modelId\":\"default\"}}"));
    var world = World.create(api);
    var wake = api.post("/api/agents/" + thinker + "/wakes", "");
    assertEquals(202, wake.status(), wake::toString);
    var runKey = wake.json().getString("runKey");
    await().atMost(Duration.ofMinutes(1)).until(() -> model.requests() >= 1);

    var accepted = new ArrayList<String>();
    database.stop();
    try {
      // Batches keep coming while the database is away.
      for (var i = 0; i < 5; i++) {
        var batchId = "outage-" + UUID.randomUUID();
        if (api.post("/api/notifications", world.batch(batchId, i % LOAD_AGENTS)).status() == 202) {
          accepted.add(batchId);
        }
      }
      // The outage is the fault under test: it lasts its time whatever happens meanwhile.
      Poll.pause(OUTAGE);
    } finally {
      database.start();
    }

    await()
        .atMost(SETTLE)
        .until(() -> !UNFINISHED.contains(run(thinker, runKey).getString("status")));
    var run = run(thinker, runKey);
    assertEquals("completed", run.getString("status"), run::toString);
    assertEquals(kept, api.get("/api/agents/" + thinker + "/report").json().getString("content"));
    LOG.info(
        "The run cut by the outage completed on attempt "
            + run.getInt("attempts")
            + "; "
            + accepted.size()
            + " batches accepted during the outage");
    var load = new Load(Executors.newSingleThreadExecutor());
    load.accepted.addAll(accepted);
    load.stop();
    world.assertRecovered(load);

    model.thenAnswer("Awake again");
    var next = api.post("/api/agents/" + thinker + "/wakes", "");
    assertEquals(202, next.status(), next::toString);
    var nextKey = next.json().getString("runKey");
    await()
        .atMost(SETTLE)
        .until(() -> "completed".equals(run(thinker, nextKey).getString("status")));
  }

  @Test
  @Order(3)
  @Execution(ExecutionMode.SAME_THREAD)
  void aServerKilledUnderLoadComesBackWithNothingLostStuckOrDoneTwice() {
    var world = World.create(api);
    for (var point : KILL_POINTS) {
      var load = world.load();
      // The kill point is the fault under test: the load runs this long whatever happens.
      Poll.pause(point);
      server.kill();
      load.stop();
      LOG.info(
          "Killed reveille-crash "
              + point.toSeconds()
              + " s into the load: "
              + load.accepted.size()
              + " batches accepted, "
              + load.toolCalls.size()
              + " tool calls sent");
      var took = timed(() -> server.start(READY_WITHIN));
      LOG.info("reveille-crash ready " + took.toMillis() + " ms after the restart");

      var verified = timed(() -> world.assertRecovered(load));
      LOG.info("Recovery verified in " + verified.toMillis() + " ms");
    }
  }

  /**
   * A day later: an agent whose daily token quota stopped it sleeps until midnight, and another set
   * its own next wake hours ahead; the server stops and starts a day later (its test clock moved
   * past both moments, as a server down overnight would find them). The first agent's quota is
   * renewed and it thinks again — resumed by the wake queued for midnight — and the second wakes
   * once, at or after the time it chose: neither alarm was lost in the restart. Last: the server
   * stays on the moved clock.
   */
  @Test
  @Order(4)
  @Execution(ExecutionMode.SAME_THREAD)
  void aDayLaterTheSpentQuotaIsRenewedAndAnOwnWakeSetBeforeTheRestartRuns() {
    model.reset();
    var quotaMarker = "quota-" + UUID.randomUUID();
    // Each answer costs 40 tokens and asks for a tool: the second step finds 40 of 30 spent.
    model.alwaysAnswerWith(
        quotaMarker,
        OpenAiProtocolServer.toolCallsBody(
            30,
            10,
            new OpenAiProtocolServer.ToolCall(
                "call_" + UUID.randomUUID(),
                "record_observations",
                "{\"observations\":[{\"text\":\"" + quotaMarker + "\"}]}")));
    var quota = thinker(quotaMarker, ",\"budgets\":{\"dailyTokens\":30}");
    var spentKey = api.post("/api/agents/" + quota + "/wakes", "").json().getString("runKey");
    await().atMost(SETTLE).until(() -> run(quota, spentKey).getString("status"), "failed"::equals);
    assertEquals("budget_daily_tokens", run(quota, spentKey).getString("errorCode"));
    var dormant = api.get("/api/agents/" + quota).json();
    assertEquals("dormant", dormant.getString("lifecycle"), dormant::toString);
    var renewsAt = Instant.parse(dormant.getString("resumeAt"));

    var sleeperMarker = "sleeper-" + UUID.randomUUID();
    model.alwaysAnswer(sleeperMarker, "Awake as planned " + sleeperMarker);
    var sleeper = thinker(sleeperMarker, "");
    var set =
        api.post(
            "/api/agents/" + sleeper + "/tools/set_next_wake",
            "{\"operationId\":\"op-"
                + UUID.randomUUID()
                + "\",\"arguments\":{\"in\":\"PT3H\",\"reason\":\"look again later\"}}");
    assertEquals(200, set.status(), set::toString);
    var wakeAt = Instant.parse(set.json().getJsonObject("payload").getString("wakeAt"));
    var ownWake = set.json().getJsonObject("payload").getString("runKey");

    var ritual = Ritual.prepare(api, model);

    // The new day's answers are plain: the renewed agent's run completes.
    model.forget(quotaMarker);
    model.alwaysAnswer(quotaMarker, "A new day " + quotaMarker);
    server.stop();
    var later =
        java.util.stream.Stream.of(renewsAt, wakeAt, ritual.firesAt())
            .max(Instant::compareTo)
            .orElseThrow();
    var offset = Duration.between(Instant.now(), later).plusMinutes(2);
    environment.put("REVEILLE_TESTING_ENABLED", "true");
    environment.put("REVEILLE_TESTING_CLOCK_OFFSET", offset.toString());
    var took = timed(() -> server.start(READY_WITHIN));
    LOG.info(
        "reveille-crash ready " + took.toMillis() + " ms after a restart " + offset + " later");

    var renewal =
        await()
            .atMost(SETTLE)
            .until(
                () ->
                    api.getAll("/api/agents/" + quota + "/wakes?limit=500").stream()
                        .filter(run -> "scheduled".equals(run.getString("reason")))
                        .filter(run -> "completed".equals(run.getString("status")))
                        .findFirst(),
                java.util.Optional::isPresent)
            .orElseThrow();
    assertTrue(
        !Instant.parse(renewal.getString("startedAt")).isBefore(renewsAt),
        () -> "the renewed agent ran on the new day: " + renewal);
    var renewed = api.get("/api/agents/" + quota).json();
    assertEquals("active", renewed.getString("lifecycle"), renewed::toString);
    assertTrue(!renewed.containsKey("dormantReason"), renewed::toString);
    assertEquals(
        "A new day " + quotaMarker,
        api.get("/api/agents/" + quota + "/report").json().getString("content"));

    await()
        .atMost(SETTLE)
        .until(() -> run(sleeper, ownWake).getString("status"), "completed"::equals);
    var woke = run(sleeper, ownWake);
    assertTrue(
        !Instant.parse(woke.getString("startedAt")).isBefore(wakeAt),
        () -> "woken at or after the time it chose, " + wakeAt + ": " + woke);
    assertEquals(
        1L,
        api.getAll("/api/agents/" + sleeper + "/wakes?limit=500").stream()
            .filter(run -> "scheduled".equals(run.getString("reason")))
            .count(),
        "one own wake, run once");
    ritual.check();
    model.forget(quotaMarker);
    model.forget(sleeperMarker);
  }

  /**
   * The improver's weekly ritual on the moved clock: before the restart an agent made from an
   * operator's template ({@code reveille.templates.dir}) fails twice (its one model call cannot
   * hold the tool call its model asks for), and an improver made from the shipped template tends
   * it, its Sunday 09:00 timer days ahead. The restart lives past that Sunday: the timer fires, the
   * ritual reads the failure streak and proposes new instructions naming the failing agent, and an
   * admin's approval writes the template's version 2 and moves the agent to it.
   */
  private record Ritual(
      Api api, OpenAiProtocolServer model, String tendedId, String improverId, Instant firesAt) {

    static final String TEMPLATE_ID = "crashTended";
    static final String TENDED_MARKER = "You are the crash-tended agent. Look around first.";
    static final String IMPROVER_MARKER = "You tend the template " + TEMPLATE_ID;
    static final String NEW_INSTRUCTIONS = "You are the crash-tended agent. Answer at once.";

    static java.nio.file.Path templatesDirectory() {
      var directory = java.nio.file.Path.of("target", "crash-templates").toAbsolutePath();
      try {
        java.nio.file.Files.createDirectories(directory);
        java.nio.file.Files.writeString(
            directory.resolve(TEMPLATE_ID + ".yaml"),
            """
            id: %s
            version: 1
            displayName: Crash-tended
            description: An agent whose single model call is always too few.
            parameters:
              type: object
              required: [categoryId]
              properties:
                categoryId: {type: string, minLength: 1, maxLength: 64}
              additionalProperties: false
            agent:
              kind: custom
              displayName: Crash-tended
              allowedCategoryIds: ["{{categoryId}}"]
              config:
                modelId: default
                budgets: {maxSteps: 1}
                instructions: %s
            """
                .formatted(TEMPLATE_ID, TENDED_MARKER));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      return directory;
    }

    static Ritual prepare(Api api, OpenAiProtocolServer model) {
      var category =
          created(
              api.post(
                  "/api/categories",
                  "{\"name\":\"crash-ritual-"
                      + UUID.randomUUID().toString().substring(0, 8)
                      + "\"}"));
      model.alwaysAnswerByStep(
          TENDED_MARKER,
          List.of(
              io.reveille.testing.Runs.calling(
                  "list_allowed_categories", jakarta.json.Json.createObjectBuilder().build())));
      var tendedId =
          created(
              api.post(
                  "/api/templates/" + TEMPLATE_ID + "/agents",
                  "{\"parameters\":{\"categoryId\":\"" + category + "\"}}"));
      for (var i = 0; i < 2; i++) {
        var runKey = api.post("/api/agents/" + tendedId + "/wakes", "").json().getString("runKey");
        await()
            .atMost(SETTLE)
            .until(
                () ->
                    api.get("/api/runs/" + runKey).json().getJsonObject("run").getString("status"),
                "failed"::equals);
      }
      // The improver reads the tended template's instructions, which hold the tended marker.
      model.forget(TENDED_MARKER);
      model.alwaysAnswerByStep(
          IMPROVER_MARKER,
          List.of(
              io.reveille.testing.Runs.calling(
                  "get_template_feedback",
                  jakarta.json.Json.createObjectBuilder()
                      .add("templateId", TEMPLATE_ID)
                      .add("days", 14)
                      .build()),
              io.reveille.testing.Runs.calling(
                  "propose_directives",
                  jakarta.json.Json.createObjectBuilder()
                      .add("templateId", TEMPLATE_ID)
                      .add("baseVersion", 1)
                      .add("instructions", NEW_INSTRUCTIONS)
                      .add("rationale", "two failed runs in a row, both over budget_max_steps")
                      .add("moveAgents", jakarta.json.Json.createArrayBuilder().add(tendedId))
                      .build()),
              io.reveille.testing.Runs.calling(
                  "publish_ritual_recap",
                  jakarta.json.Json.createObjectBuilder()
                      .add("tldr", "Proposed shorter instructions")
                      .add("content", "Recap of " + TEMPLATE_ID)
                      .build()),
              io.reveille.testing.Runs.answering("Done.")));
      var improverId =
          created(
              api.post(
                  "/api/templates/improver/agents",
                  "{\"parameters\":{\"templateId\":\""
                      + TEMPLATE_ID
                      + "\",\"categoryIds\":[\""
                      + category
                      + "\"],\"feedbackDays\":14}}"));
      var timers = api.get("/api/agents/" + improverId + "/timers").structure().asJsonArray();
      assertEquals(1, timers.size(), timers::toString);
      var firesAt = Instant.parse(timers.getJsonObject(0).getString("nextFireAt"));
      assertEquals(
          java.time.DayOfWeek.SUNDAY,
          firesAt.atZone(java.time.ZoneOffset.UTC).getDayOfWeek(),
          timers::toString);
      return new Ritual(api, model, tendedId, improverId, firesAt);
    }

    /** After the restart past {@link #firesAt}: the ritual ran on its timer and proposed. */
    void check() {
      try {
        var ritual =
            await()
                .atMost(SETTLE)
                .until(
                    () ->
                        api.getAll("/api/agents/" + improverId + "/wakes?limit=500").stream()
                            .filter(run -> run.getString("reason").startsWith("timer"))
                            .filter(run -> "completed".equals(run.getString("status")))
                            .findFirst(),
                    java.util.Optional::isPresent)
                .orElseThrow();
        assertTrue(
            !Instant.parse(ritual.getString("startedAt")).isBefore(firesAt),
            () -> "the ritual ran on the moved clock's Sunday: " + ritual);
        var proposals =
            api.get("/api/agents/" + improverId + "/proposals?status=pending")
                .structure()
                .asJsonArray();
        assertEquals(1, proposals.size(), proposals::toString);
        var proposal = proposals.getJsonObject(0);
        var preview = proposal.getJsonObject("preview").toString();
        assertTrue(preview.contains(tendedId), preview);
        assertTrue(
            model.requestsMentioning("\\\"failureStreak\\\":2") > 0
                || model.requestsMentioning("\"failureStreak\":2") > 0,
            "the feedback the model read showed the streak");
        assertEquals(
            1,
            api.get("/api/agents/" + tendedId).json().getJsonObject("template").getInt("version"));
        var approved = api.post("/api/proposals/" + proposal.getString("id") + "/approve", "");
        assertEquals(200, approved.status(), approved::toString);
        assertEquals(2, api.get("/api/templates/" + TEMPLATE_ID).json().getInt("version"));
        var moved = api.get("/api/agents/" + tendedId).json();
        assertEquals(2, moved.getJsonObject("template").getInt("version"), moved::toString);
        assertTrue(
            moved.getJsonObject("config").getString("instructions").startsWith(NEW_INSTRUCTIONS),
            moved::toString);
      } finally {
        model.forget(IMPROVER_MARKER);
      }
    }
  }

  /**
   * An active custom agent thinking with the test model, its instructions naming {@code marker}.
   */
  private String thinker(String marker, String moreConfig) {
    return created(
        api.post(
            "/api/agents",
            "{\"kind\":\"custom\",\"displayName\":\"Thinker "
                + marker
                + "\",\"config\":{\"modelId\":\"default\",\"instructions\":\"You are "
                + marker
                + ".\""
                + moreConfig
                + "}}"));
  }

  /** One test's agents, category and load, and what must hold after each crash. */
  private record World(
      Api api, String tag, String category, String toolAgent, List<String> agents) {

    static World create(Api api) {
      var tag = UUID.randomUUID().toString().substring(0, 8);
      var category = created(api.post("/api/categories", "{\"name\":\"crash-" + tag + "\"}"));
      var toolAgent =
          created(
              api.post(
                  "/api/agents",
                  "{\"kind\":\"custom\",\"displayName\":\"crash tools "
                      + tag
                      + "\",\"allowedCategoryIds\":[\""
                      + category
                      + "\"]}"));
      var agents = new ArrayList<String>();
      for (var i = 0; i < LOAD_AGENTS; i++) {
        var agent =
            created(
                api.post(
                    "/api/agents",
                    "{\"kind\":\"custom\",\"displayName\":\"crash " + tag + " " + i + "\"}"));
        // Each wakes on its own entity; the first also on every task change (the tool calls').
        var subscriptions =
            i == 0
                ? List.of(entitySubscription(tag, i), "{\"semanticKeys\":[\"TASK\"]}")
                : List.of(entitySubscription(tag, i));
        for (var body : subscriptions) {
          var subscribed = api.post("/api/agents/" + agent + "/subscriptions", body);
          assertEquals(201, subscribed.status(), subscribed::toString);
        }
        agents.add(agent);
      }
      return new World(api, tag, category, toolAgent, agents);
    }

    private static String entitySubscription(String tag, int agent) {
      return "{\"entityIds\":[\"" + entity(tag, agent) + "\"]}";
    }

    private static String entity(String tag, int agent) {
      return "crash-" + tag + "-" + agent;
    }

    String batch(String batchId, int agent) {
      return "{\"schemaVersion\":1,\"batchId\":\""
          + batchId
          + "\",\"tokens\":[\""
          + entity(tag, agent)
          + "\"]}";
    }

    /** Two producers of batches over HTTP and one caller of a mutating tool, until stopped. */
    Load load() {
      var load = new Load(Executors.newFixedThreadPool(3));
      var round = UUID.randomUUID().toString().substring(0, 8);
      for (var producer = 0; producer < 2; producer++) {
        var id = producer;
        load.run(
            i -> {
              var batchId = "crash-" + round + "-" + id + "-" + i;
              if (api.post("/api/notifications", batch(batchId, i % LOAD_AGENTS)).status() == 202) {
                load.accepted.add(batchId);
              }
            });
      }
      load.run(
          i -> {
            var title = "crash " + round + " " + i;
            var body = Agents.createTaskCall("crash-" + round + "-" + i, title, category);
            // Recorded before it is sent: a call cut off by the kill must still have one effect.
            load.toolCalls.put(title, body);
            api.post(toolPath(), body);
          });
      return load;
    }

    private String toolPath() {
      return "/api/agents/" + toolAgent + "/tools/create_task";
    }

    Instant assertRecovered(Load load) {
      var verifying = Instant.now();
      // Every batch the server accepted (202) is recorded, however the crash cut its way.
      for (var batchId : load.accepted) {
        // Checked at once (most are recorded by now): hundreds of batches, no poll delay each.
        await()
            .pollDelay(Duration.ZERO)
            .atMost(SETTLE)
            .until(() -> api.get("/api/notifications/" + batchId).status() == 200);
      }
      // Every run of every agent ends; none is left queued or started.
      for (var agent : agents) {
        await().atMost(SETTLE).until(() -> unfinished(agent).isEmpty());
        var keys = runs(agent).stream().map(run -> run.getString("runKey")).toList();
        assertEquals(
            keys.size(), keys.stream().distinct().count(), () -> "no run key twice: " + keys);
      }
      // Replaying every tool call sent — answered, cut off or never arrived — has one effect.
      for (var call : load.toolCalls.entrySet()) {
        var replay = api.post(toolPath(), call.getValue());
        assertEquals(200, replay.status(), () -> call.getKey() + ": " + replay);
      }
      var titles =
          api.getAll("/api/tasks?limit=500&categoryId=" + category).stream()
              .map(task -> task.getString("title"))
              .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
      for (var title : load.toolCalls.keySet()) {
        assertEquals(1L, titles.getOrDefault(title, 0L), () -> "one task titled " + title);
      }
      // The task changes' batches the kill cut off between their commit and their intake are
      // taken in by the outbox sweep: nothing written before the restart is left.
      await().atMost(SETTLE).until(() -> OutboxBacklog.takenInUpTo(api, verifying));
      // And every agent wakes on its next match.
      for (var i = 0; i < agents.size(); i++) {
        var agent = agents.get(i);
        var before = completed(agent);
        var batchId = "crash-next-" + UUID.randomUUID();
        var accepted = api.post("/api/notifications", batch(batchId, i));
        assertEquals(202, accepted.status(), accepted::toString);
        await().atMost(SETTLE).until(() -> completed(agent) > before);
      }
      for (var agent : agents) {
        await().atMost(SETTLE).until(() -> unfinished(agent).isEmpty());
      }
      return Instant.now();
    }

    private List<JsonObject> runs(String agent) {
      return api.getAll("/api/agents/" + agent + "/wakes?limit=500");
    }

    private List<JsonObject> unfinished(String agent) {
      return runs(agent).stream()
          .filter(run -> UNFINISHED.contains(run.getString("status")))
          .toList();
    }

    private long completed(String agent) {
      return runs(agent).stream()
          .filter(run -> run.getString("status").equals("completed"))
          .count();
    }
  }

  /** Load that runs until {@link #stop()}; a request the kill cuts off ends its thread. */
  private static final class Load {
    final ConcurrentLinkedQueue<String> accepted = new ConcurrentLinkedQueue<>();
    final Map<String, String> toolCalls = new java.util.concurrent.ConcurrentHashMap<>();
    private final ExecutorService threads;
    private final AtomicBoolean running = new AtomicBoolean(true);

    Load(ExecutorService threads) {
      this.threads = threads;
    }

    interface Step {
      void run(int index);
    }

    void run(Step step) {
      threads.execute(
          () -> {
            for (var i = 0; running.get(); i++) {
              try {
                step.run(i);
              } catch (RuntimeException e) {
                return; // the server is gone
              }
            }
          });
    }

    void stop() {
      running.set(false);
      threads.shutdown();
      try {
        assertTrue(threads.awaitTermination(60, TimeUnit.SECONDS), "the load stops");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
  }

  private JsonObject run(String agentId, String runKey) {
    return api.getAll("/api/agents/" + agentId + "/wakes?limit=500").stream()
        .filter(run -> run.getString("runKey").equals(runKey))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no run " + runKey));
  }

  private static String created(Api.Response response) {
    assertEquals(201, response.status(), response::toString);
    return response.json().getString("id");
  }

  private static String blankToNull(String property) {
    var value = System.getProperty(property, "");
    return value.isBlank() ? null : value;
  }

  private static Duration timed(java.util.function.Supplier<Instant> action) {
    var start = Instant.now();
    return Duration.between(start, action.get());
  }
}
