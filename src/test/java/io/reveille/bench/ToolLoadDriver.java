package io.reveille.bench;

import io.reveille.testing.Api;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

/**
 * Tool calls over HTTP against a running Reveille: one agent scoped to one category with {@code
 * tasks} tasks, then three phases of {@code calls} calls each from {@code threads} clients — a
 * mutating call ({@code update_task_priority}, new operation id each: ledger row, action and result
 * messages, the change and its notification batch in one transaction), the same calls replayed
 * (stored receipts), and a read ({@code list_tasks_in_scope}). Prints latency percentiles and calls
 * per second of each phase.
 *
 * <p>Usage: {@code ./mvnw -Pload test-compile exec:exec
 * -Dload.main=io.reveille.bench.ToolLoadDriver -Dload.args="http://127.0.0.1:9080 2000 8 50"} (base
 * URI, calls, threads, tasks); docs/performance.md.
 */
public final class ToolLoadDriver {

  private static final String[] PRIORITIES = {"P0", "P1", "P2", "P3"};

  private ToolLoadDriver() {}

  public static void main(String[] args) throws Exception {
    var api = Api.ofRunningServer(URI.create(args.length > 0 ? args[0] : "http://127.0.0.1:9080"));
    var calls = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    var threads = args.length > 2 ? Integer.parseInt(args[2]) : 8;
    var taskCount = args.length > 3 ? Integer.parseInt(args[3]) : 50;
    var tag = UUID.randomUUID().toString().substring(0, 8);
    var category =
        api.post("/api/categories", "{\"name\":\"tool-load-" + tag + "\"}").json().getString("id");
    var tasks = new ArrayList<String>();
    for (var i = 0; i < taskCount; i++) {
      tasks.add(
          api.post(
                  "/api/tasks",
                  "{\"title\":\"load " + i + "\",\"categoryId\":\"" + category + "\"}")
              .json()
              .getString("id"));
    }
    var agent =
        api.post(
                "/api/agents",
                "{\"kind\":\"custom\",\"displayName\":\"tool load "
                    + tag
                    + "\",\"allowedCategoryIds\":[\""
                    + category
                    + "\"]}")
            .json()
            .getString("id");
    var path = "/api/agents/" + agent + "/tools/";
    var bodies = new ArrayList<String>();
    for (var i = 0; i < calls; i++) {
      bodies.add(
          "{\"operationId\":\"load-"
              + tag
              + "-"
              + i
              + "\",\"arguments\":{\"taskId\":\""
              + tasks.get(i % taskCount)
              + "\",\"priority\":\""
              + PRIORITIES[i % PRIORITIES.length]
              + "\"}}");
    }
    phase(
        "update_task_priority (new operation ids)",
        threads,
        calls,
        i -> api.post(path + "update_task_priority", bodies.get(i)),
        false);
    phase(
        "update_task_priority replayed (stored receipts)",
        threads,
        calls,
        i -> api.post(path + "update_task_priority", bodies.get(i)),
        true);
    phase(
        "list_tasks_in_scope (" + taskCount + " tasks)",
        threads,
        calls,
        i -> api.post(path + "list_tasks_in_scope", "{\"arguments\":{\"limit\":50}}"),
        false);
  }

  interface Call {
    Api.Response call(int index);
  }

  private static void phase(String name, int threads, int calls, Call call, boolean replay)
      throws Exception {
    var pool = Executors.newFixedThreadPool(threads);
    try {
      var jobs = new ArrayList<Callable<Long>>();
      for (var i = 0; i < calls; i++) {
        var index = i;
        jobs.add(
            () -> {
              var start = System.nanoTime();
              var response = call.call(index);
              var elapsed = System.nanoTime() - start;
              if (response.status() != 200 || response.json().getBoolean("replayed") != replay) {
                throw new IllegalStateException(name + ": " + response);
              }
              return elapsed / 1_000;
            });
      }
      var started = System.nanoTime();
      var latencies = new ArrayList<Long>();
      for (var future : pool.invokeAll(jobs)) {
        latencies.add(future.get());
      }
      var took = Duration.ofNanos(System.nanoTime() - started);
      print(name, latencies, took, calls);
    } finally {
      pool.shutdownNow();
    }
  }

  private static void print(String name, List<Long> micros, Duration took, int calls) {
    var percentiles = new Percentiles(micros);
    System.out.printf(
        "%s: %d calls in %d ms = %.0f calls/s; latency p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
        name,
        calls,
        took.toMillis(),
        calls * 1000.0 / Math.max(1, took.toMillis()),
        percentiles.at(50) / 1000.0,
        percentiles.at(99) / 1000.0,
        percentiles.max() / 1000.0);
  }
}
