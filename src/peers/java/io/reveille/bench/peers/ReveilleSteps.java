package io.reveille.bench.peers;

import static io.reveille.bench.TimerLoadDriver.parallel;

import io.reveille.bench.Percentiles;
import io.reveille.bench.ToolLoadDriver.ScopedAgent;
import io.reveille.cluster.Node;
import io.reveille.cluster.Postgres;
import io.reveille.inference.control.OpenAiProtocolServer;
import io.reveille.testing.Api;
import io.reveille.testing.ConversationModel;
import jakarta.json.Json;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Reveille's side of the durable-steps scenario: one server (the runnable JAR, 1 GB heap, embedded
 * broker) on the harness's PostgreSQL, its model an OpenAI-compatible endpoint in this process
 * ({@link ConversationModel}, answering at once) that scripts every run alike: three calls of
 * {@code update_task_priority}, one per turn, each on a task of the agent's own category (a journal
 * write through the tool executor: its ledger row, the action and result messages, the task's
 * change and its notification batch, in one transaction), then a final answer that becomes the
 * report. Or, planned (contender {@code reveille-plan}), the same three calls as each agent's plan
 * ({@code config.plan}): three tool steps through the executor and a report, no model — the pair of
 * DBOS's three transactional steps. One custom agent per run, woken manually over REST from {@value
 * #CLIENTS} clients; a run is counted when its run-log entry is {@code completed}, and its latency
 * is {@code completed_at − created_at} (the moment the wake was accepted).
 */
final class ReveilleSteps {

  static final int CLIENTS = 8;
  private static final String NAME = "Reveille";

  private ReveilleSteps() {}

  static DurableRuns measure(Postgres postgres, Path work, int count) throws Exception {
    return measure(postgres, work, count, false);
  }

  /**
   * As {@link #measure(Postgres, Path, int)}, or, {@code planned}, the same three calls as each
   * agent's plan ({@code config.plan}): three tool steps through the executor, no model.
   */
  static DurableRuns measure(Postgres postgres, Path work, int count, boolean planned)
      throws Exception {
    try (var model = new ConversationModel()) {
      var settings = WakePath.fromPeersEnv();
      if (!planned) {
        settings.put("REVEILLE_INFERENCE_BASE_URL", model.baseUrl());
        settings.put("REVEILLE_INFERENCE_MODEL", "bench-model");
        settings.put("REVEILLE_INFERENCE_API_KEY", "sk-bench-" + UUID.randomUUID());
      }
      var node =
          Node.standalone(
              work.resolve(planned ? "reveille-plan" : "reveille"),
              postgres,
              9950,
              settings,
              WakePath.jvmOptions(work));
      var pool = Executors.newFixedThreadPool(CLIENTS);
      var name =
          planned
              ? NAME + " (three tool steps per run, planned)"
              : NAME + " (three tool calls per run)";
      try {
        node.start();
        node.awaitReady(Duration.ofMinutes(5));
        var url = postgres.jdbcUrl("reveille");
        var warmUp = agents(node.api(), model, pool, "warm", SideBySide.loadWarmUp(count), planned);
        System.out.printf("%s: warming up with %d runs%n", name, warmUp.size());
        runs(node.api(), pool, url, "warm-up", warmUp);
        var measured = agents(node.api(), model, pool, "steps", count, planned);
        System.out.printf("%s: %d agents made; measuring%n", name, measured.size());
        postgres.resetStatementStatistics("reveille");
        var runs = runs(node.api(), pool, url, name, measured);
        WakePath.writeStatementStatistics(postgres, work);
        return runs;
      } finally {
        pool.shutdownNow();
        node.stop();
        postgres.recreateDatabase("reveille");
      }
    }
  }

  /**
   * {@code count} custom agents, each with a category of three tasks and three calls of {@code
   * update_task_priority}, one on each task: as a script (its instructions name a marker, and the
   * model answers that conversation's turns with the three calls and the answer), or, {@code
   * planned}, as its plan.
   */
  private static List<String> agents(
      Api api,
      ConversationModel model,
      ExecutorService pool,
      String prefix,
      int count,
      boolean planned)
      throws Exception {
    return parallel(
        pool,
        count,
        i -> {
          var marker = prefix + "-" + i + "-" + UUID.randomUUID();
          if (planned) {
            return ScopedAgent.create(
                    api,
                    marker,
                    3,
                    taskIds -> {
                      var plan = Json.createArrayBuilder();
                      for (var task : taskIds) {
                        plan.add(
                            Json.createObjectBuilder()
                                .add("tool", "update_task_priority")
                                .add(
                                    "arguments",
                                    Json.createObjectBuilder()
                                        .add("taskId", task)
                                        .add("priority", "P0")));
                      }
                      return Json.createObjectBuilder().add("plan", plan).build().toString();
                    })
                .agentId();
          }
          var scoped =
              ScopedAgent.create(
                  api,
                  marker,
                  3,
                  Json.createObjectBuilder()
                      .add("modelId", "default")
                      .add("instructions", "You are the bench agent " + marker + ".")
                      .build()
                      .toString());
          var answers = new ArrayList<String>();
          for (var task : scoped.taskIds()) {
            answers.add(
                OpenAiProtocolServer.toolCallsBody(
                    40,
                    10,
                    new OpenAiProtocolServer.ToolCall(
                        "call_" + UUID.randomUUID(),
                        "update_task_priority",
                        Json.createObjectBuilder()
                            .add("taskId", task)
                            .add("priority", "P0")
                            .build()
                            .toString())));
          }
          answers.add(OpenAiProtocolServer.answerBody("Done: " + marker));
          model.script(marker, answers);
          return scoped.agentId();
        });
  }

  /**
   * Wakes every agent once and waits until every run has finished; every run must have completed.
   */
  private static DurableRuns runs(
      Api api, ExecutorService pool, String url, String contender, List<String> agents)
      throws Exception {
    var started = System.currentTimeMillis();
    var runKeys =
        parallel(
            pool,
            agents.size(),
            i -> {
              var woken = api.post("/api/agents/" + agents.get(i) + "/wakes", "");
              if (woken.status() != 202) {
                throw new IllegalStateException("waking " + agents.get(i) + ": " + woken);
              }
              return woken.json().getString("runKey");
            });
    Pause.until(
        contender + ": runs finished", () -> finished(url, runKeys), runKeys.size(), timeout());
    var latencies = new ArrayList<Long>();
    var last = started;
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement =
            connection.prepareStatement(
                "SELECT status, (EXTRACT(EPOCH FROM completed_at) * 1000)::BIGINT,"
                    + " (EXTRACT(EPOCH FROM (completed_at - created_at)) * 1000)::BIGINT"
                    + " FROM wake_run_log WHERE run_key = ANY (?)")) {
      statement.setArray(1, connection.createArrayOf("varchar", runKeys.toArray()));
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          if (!"completed".equals(rows.getString(1))) {
            throw new IllegalStateException(contender + ": a run ended " + rows.getString(1));
          }
          last = Math.max(last, rows.getLong(2));
          latencies.add(rows.getLong(3));
        }
      }
    }
    var runs =
        new DurableRuns(
            contender,
            runKeys.size(),
            Duration.ofMillis(last - started),
            new Percentiles(latencies));
    System.out.println(runs.row());
    return runs;
  }

  private static long finished(String url, List<String> runKeys) {
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement =
            connection.prepareStatement(
                "SELECT count(*) FROM wake_run_log WHERE run_key = ANY (?)"
                    + " AND status NOT IN ('queued', 'started')")) {
      statement.setArray(1, connection.createArrayOf("varchar", runKeys.toArray()));
      try (var rows = statement.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Duration timeout() {
    return Duration.ofMinutes(20);
  }
}
