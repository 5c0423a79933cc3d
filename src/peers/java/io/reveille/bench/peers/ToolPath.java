package io.reveille.bench.peers;

import io.reveille.bench.ToolLoadDriver;
import io.reveille.bench.ToolLoadDriver.Phase;
import io.reveille.bench.ToolLoadDriver.ScopedAgent;
import io.reveille.cluster.Node;
import io.reveille.cluster.Postgres;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Mutating tool calls over HTTP: one Reveille server (the runnable JAR, 1 GB heap, embedded broker)
 * on the harness's PostgreSQL, custom agents each scoped to a category of its own with {@value
 * #TASKS} tasks. Every call is {@code update_task_priority} under a new operation id — the ledger
 * row, the action and result messages, the task's change and its notification batch in one
 * transaction — and changes the task's priority. Phases: a warm-up on one agent (not reported);
 * {@code count} calls to one agent from {@value #CLIENTS_ONE} clients; {@code count} calls spread
 * round robin over {@value #AGENTS} other agents from {@value #CLIENTS_MANY} clients; then the HTTP
 * floor, the same POSTs refused by the resource before any work of its own ({@value #FLOOR}).
 */
final class ToolPath {

  static final int AGENTS = 16;
  static final int TASKS = 50;
  static final int CLIENTS_ONE = 8;
  static final int CLIENTS_MANY = 16;
  private static final String NAME = "Reveille";
  static final String FLOOR =
      "HTTP floor: the same POST refused before the call (400; filters, JSON, the audit row)";

  private ToolPath() {}

  /** What one phase measured, as a row of the scenario's table. */
  record Row(String contender, int agents, int clients, Phase phase) {

    static String header() {
      return "| contender | agents | clients | calls | calls/s | latency p50 / p99 / max |\n"
          + "| --- | ---: | ---: | ---: | ---: | ---: |";
    }

    String row() {
      var latency = phase.latency();
      return String.format(
          "| %s | %d | %d | %,d | %.0f | %.1f / %.1f / %.1f ms |",
          contender,
          agents,
          clients,
          phase.calls(),
          phase.perSecond(),
          latency.at(50) / 1000.0,
          latency.at(99) / 1000.0,
          latency.max() / 1000.0);
    }
  }

  static List<Row> measure(Postgres postgres, Path work, int count) throws Exception {
    var node =
        Node.standalone(
            work.resolve("reveille"), postgres, 9950, Map.of(), WakePath.jvmOptions(work));
    var rows = new ArrayList<Row>();
    try {
      node.start();
      node.awaitReady(Duration.ofMinutes(5));
      var api = node.api();
      var agents = new ArrayList<ScopedAgent>();
      // Agent 0 for the single-agent phases, agents 1 to AGENTS for the spread.
      for (var a = 0; a <= AGENTS; a++) {
        agents.add(ScopedAgent.create(api, "tools-" + a, TASKS));
      }
      System.out.printf(
          "%s: %d agents with %d tasks each; warming up%n", NAME, agents.size(), TASKS);
      var one = agents.get(0);
      var warmUp = SideBySide.loadWarmUp(count);
      ToolLoadDriver.phase(
          "warm-up",
          CLIENTS_ONE,
          warmUp,
          i -> api.post(one.toolPath() + "update_task_priority", one.priorityChange("w-" + i, i)),
          false);
      postgres.resetStatementStatistics("reveille");
      var single =
          ToolLoadDriver.phase(
              "one agent",
              CLIENTS_ONE,
              count,
              i ->
                  api.post(
                      one.toolPath() + "update_task_priority",
                      // Past the warm-up's calls, so that every call changes its task.
                      one.priorityChange("one-" + i, i + warmUp)),
              false);
      rows.add(new Row(NAME + ", one agent", 1, CLIENTS_ONE, single));
      System.out.println(rows.get(rows.size() - 1).row());
      WakePath.writeStatementStatistics(postgres, work);
      var spread =
          ToolLoadDriver.phase(
              "many agents",
              CLIENTS_MANY,
              count,
              i -> {
                var agent = agents.get(1 + i % AGENTS);
                return api.post(
                    agent.toolPath() + "update_task_priority",
                    agent.priorityChange("many-" + i, i / AGENTS));
              },
              false);
      rows.add(new Row(NAME + ", spread over agents", AGENTS, CLIENTS_MANY, spread));
      System.out.println(rows.get(rows.size() - 1).row());
      // The floor: the same authenticated POST to the same paths with a JSON body the resource
      // refuses before it reads anything (400, an unknown field): authentication, the edge rules,
      // the JSON reader and the audit filter, whose row is its one database write.
      var floor =
          ToolLoadDriver.phase(
              "floor",
              CLIENTS_MANY,
              count,
              i ->
                  api.post(
                      agents.get(1 + i % AGENTS).toolPath() + "update_task_priority",
                      "{\"floor\":true}"),
              response -> response.status() == 400);
      rows.add(new Row(FLOOR, AGENTS, CLIENTS_MANY, floor));
      System.out.println(rows.get(rows.size() - 1).row());
      return rows;
    } finally {
      node.stop();
    }
  }
}
