package io.reveille.bench;

import io.reveille.testing.Api;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

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

  private static final String[] PRIORITIES = {"p0", "p1", "p2", "p3"};

  private ToolLoadDriver() {}

  public static void main(String[] args) throws Exception {
    var api = Api.ofRunningServer(URI.create(args.length > 0 ? args[0] : "http://127.0.0.1:9080"));
    var calls = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    var threads = args.length > 2 ? Integer.parseInt(args[2]) : 8;
    var taskCount = args.length > 3 ? Integer.parseInt(args[3]) : 50;
    var tag = UUID.randomUUID().toString().substring(0, 8);
    var scoped = ScopedAgent.create(api, "tool-load-" + tag, taskCount);
    var bodies = new ArrayList<String>();
    for (var i = 0; i < calls; i++) {
      bodies.add(scoped.priorityChange("load-" + tag + "-" + i, i));
    }
    var path = scoped.toolPath();
    System.out.println(
        phase(
                "update_task_priority (new operation ids)",
                threads,
                calls,
                i -> api.post(path + "update_task_priority", bodies.get(i)),
                false)
            .line());
    System.out.println(
        phase(
                "update_task_priority replayed (stored receipts)",
                threads,
                calls,
                i -> api.post(path + "update_task_priority", bodies.get(i)),
                true)
            .line());
    System.out.println(
        phase(
                "list_tasks_in_scope (" + taskCount + " tasks)",
                threads,
                calls,
                i -> api.post(path + "list_tasks_in_scope", "{\"arguments\":{\"limit\":50}}"),
                false)
            .line());
  }

  /** A custom agent scoped to a category of its own holding {@code tasks} tasks. */
  public record ScopedAgent(String agentId, List<String> taskIds) {

    public static ScopedAgent create(Api api, String name, int tasks) {
      return create(api, name, tasks, "{}");
    }

    /** The same, the agent created with the configuration {@code config} (a JSON object). */
    public static ScopedAgent create(Api api, String name, int tasks, String config) {
      return create(api, name, tasks, taskIds -> config);
    }

    /**
     * The same, the agent's configuration (a JSON object) made from its tasks' ids, in the order
     * they were created: a plan that names them, for one.
     */
    public static ScopedAgent create(
        Api api, String name, int tasks, java.util.function.Function<List<String>, String> config) {
      var category =
          api.post("/api/categories", "{\"name\":\"" + name + "\"}").json().getString("id");
      var taskIds = new ArrayList<String>();
      for (var i = 0; i < tasks; i++) {
        taskIds.add(
            api.post(
                    "/api/tasks",
                    "{\"title\":\"" + name + " " + i + "\",\"categoryId\":\"" + category + "\"}")
                .json()
                .getString("id"));
      }
      var agent =
          api.post(
                  "/api/agents",
                  "{\"kind\":\"custom\",\"displayName\":\""
                      + name
                      + "\",\"allowedCategoryIds\":[\""
                      + category
                      + "\"],\"config\":"
                      + config.apply(List.copyOf(taskIds))
                      + "}")
              .json()
              .getString("id");
      return new ScopedAgent(agent, List.copyOf(taskIds));
    }

    /** The path of the agent's tools, to which a tool's name is appended. */
    public String toolPath() {
      return "/api/agents/" + agentId + "/tools/";
    }

    /**
     * The body of an {@code update_task_priority} call under {@code operationId}: the {@code i}th
     * call sets task {@code i} (modulo the tasks) to a priority that differs from the last call's
     * on that task.
     */
    public String priorityChange(String operationId, int i) {
      return "{\"operationId\":\""
          + operationId
          + "\",\"arguments\":{\"taskId\":\""
          + taskIds.get(i % taskIds.size())
          + "\",\"priority\":\""
          + PRIORITIES[(i / taskIds.size()) % PRIORITIES.length]
          + "\"}}";
    }
  }

  /** One call of a phase, by its index. */
  public interface Call {
    Api.Response call(int index);
  }

  /**
   * What one phase measured.
   *
   * @param name what was called, and how
   * @param calls how many calls
   * @param took from the first call until the last answered
   * @param latency per call, in microseconds
   */
  public record Phase(String name, int calls, Duration took, Percentiles latency) {

    public double perSecond() {
      return calls * 1000.0 / Math.max(1, took.toMillis());
    }

    public String line() {
      return String.format(
          "%s: %d calls in %d ms = %.0f calls/s; latency p50 %.1f ms, p99 %.1f ms, max %.1f ms",
          name,
          calls,
          took.toMillis(),
          perSecond(),
          latency.at(50) / 1000.0,
          latency.at(99) / 1000.0,
          latency.max() / 1000.0);
    }
  }

  /**
   * Makes {@code calls} calls from {@code threads} clients; every answer must be a 200 whose {@code
   * replayed} is {@code replay}.
   */
  public static Phase phase(String name, int threads, int calls, Call call, boolean replay)
      throws Exception {
    return phase(
        name,
        threads,
        calls,
        call,
        response -> response.status() == 200 && response.json().getBoolean("replayed") == replay);
  }

  /**
   * Makes {@code calls} calls from {@code threads} clients; every answer must be {@code expected}.
   */
  public static Phase phase(
      String name, int threads, int calls, Call call, Predicate<Api.Response> expected)
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
              if (!expected.test(response)) {
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
      return new Phase(
          name, calls, Duration.ofNanos(System.nanoTime() - started), new Percentiles(latencies));
    } finally {
      pool.shutdownNow();
    }
  }
}
