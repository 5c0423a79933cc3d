package io.reveille.bench;

import io.reveille.testing.Api;
import io.reveille.testing.Broker;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.json.JsonValue;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * End-to-end load against a running Reveille: notification batches through the real broker, each
 * matching one of N agents, measured from the moment a batch is sent until the run it created
 * starts (the run log's {@code startedAt}, its {@code logicalChangeKey} naming the batch). Next to
 * it, in the same run, a bare Artemis consume-and-forward relay on the same broker: the upper bound
 * for anything that consumes a message and produces another.
 *
 * <p>Start the server with the subscription throttle off ({@code
 * REVEILLE_WAKE_SUBSCRIPTION_THROTTLE_SECONDS=0}), or most batches coalesce into deferred runs;
 * batches that coalesce into a queued run have no run of their own and are counted apart. Usage:
 * {@code ./mvnw -Pload test-compile exec:exec} (docs/performance.md).
 */
public final class WakeLoadDriver {

  private WakeLoadDriver() {}

  public static void main(String[] args) throws Exception {
    var base = URI.create(args.length > 0 ? args[0] : "http://127.0.0.1:9080");
    var brokerUrl = args.length > 1 ? args[1] : "tcp://127.0.0.1:61616";
    var agentCount = args.length > 2 ? Integer.parseInt(args[2]) : 20;
    var batches = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
    // Optional pacing (batches per second); 0 sends as fast as the broker takes them.
    var rate = args.length > 4 ? Integer.parseInt(args[4]) : 0;
    var factory = Broker.ofRunningServer(brokerUrl);

    System.out.printf("Relay (bare Artemis consume-and-forward), %d messages%n", batches);
    report(relay(factory, batches), batches);

    System.out.printf(
        "Reveille: %d agents, %d batches, %s%n",
        agentCount, batches, rate > 0 ? rate + " batches/s" : "unpaced");
    var api = Api.ofRunningServer(base);
    var run = UUID.randomUUID().toString().substring(0, 8);
    var agents = new ArrayList<String>();
    for (int i = 0; i < agentCount; i++) {
      var created =
          api.post(
              "/api/agents",
              "{\"kind\":\"custom\",\"displayName\":\"load " + run + " " + i + "\"}");
      if (created.status() != 201) {
        throw new IllegalStateException("creating a load agent: " + created);
      }
      var id = created.json().getString("id");
      api.post(
          "/api/agents/" + id + "/subscriptions",
          "{\"entityIds\":[\"load-" + run + "-" + i + "\"]}");
      agents.add(id);
    }
    var sentAt = new HashMap<String, Instant>();
    var start = Instant.now();
    try (var context = factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
      var queue = context.createQueue("reveille.notifications");
      var producer = context.createProducer();
      for (int k = 0; k < batches; k++) {
        var batchId = "load-" + run + "-b" + k;
        var entity = "load-" + run + "-" + (k % agentCount);
        if (rate > 0) {
          var due = start.plusNanos(k * 1_000_000_000L / rate);
          var wait = Duration.between(Instant.now(), due);
          if (!wait.isNegative()) {
            TimeUnit.NANOSECONDS.sleep(wait.toNanos());
          }
        }
        sentAt.put(batchId, Instant.now());
        producer.send(
            queue,
            "{\"schemaVersion\":1,\"batchId\":\""
                + batchId
                + "\",\"tokens\":[\""
                + entity
                + "\"]}");
      }
    }
    var sendDone = Instant.now();
    var latencies = new ArrayList<Duration>();
    var lastStart = start;
    var deadline = Instant.now().plus(Duration.ofMinutes(10));
    var runs = 0;
    var unfinished = new ArrayList<String>();
    while (Instant.now().isBefore(deadline)) {
      latencies.clear();
      unfinished.clear();
      runs = 0;
      var pending = false;
      for (var agent : agents) {
        for (JsonValue value :
            api.get("/api/agents/" + agent + "/wakes?limit=500").structure().asJsonArray()) {
          var entry = value.asJsonObject();
          runs++;
          var status = entry.getString("status");
          if (status.equals("queued") || status.equals("started")) {
            pending = true;
            continue;
          }
          if (!status.equals("completed")) {
            unfinished.add(status + ": " + entry.getString("error", ""));
            continue;
          }
          var started = Instant.parse(entry.getString("startedAt"));
          lastStart = started.isAfter(lastStart) ? started : lastStart;
          var sent = sentAt.get(entry.getString("logicalChangeKey", ""));
          if (sent != null) {
            latencies.add(Duration.between(sent, started));
          }
        }
      }
      if (!pending && recorded(api, "load-" + run + "-b" + (batches - 1))) {
        break;
      }
      TimeUnit.MILLISECONDS.sleep(500);
    }
    var elapsed = Duration.between(start, lastStart);
    System.out.printf(
        "  sent in %d ms; %d runs for %d batches (the rest coalesced)%n",
        Duration.between(start, sendDone).toMillis(), runs, batches);
    System.out.printf(
        "  batches/s until the last run started: %.0f%n",
        batches * 1000.0 / Math.max(1, elapsed.toMillis()));
    report(latencies, latencies.size());
    if (!unfinished.isEmpty()) {
      System.out.printf("  %d runs did not complete: %s%n", unfinished.size(), unfinished);
    }
  }

  private static boolean recorded(Api api, String batchId) {
    return api.get("/api/notifications/" + batchId).status() == 200;
  }

  /** The relay fed by one sender; latency from send to forwarded receipt. */
  private static List<Duration> relay(ConnectionFactory factory, int count) throws Exception {
    var relay = Relay.run(factory, 1, 1, count);
    System.out.printf(
        "  messages/s: %.0f%n",
        count * 1000.0 / Math.max(1, relay.lastReceived() - relay.started()));
    return relay.latencies().stream().map(Duration::ofMillis).toList();
  }

  private static void report(List<Duration> latencies, int count) {
    var millis = new Percentiles(latencies.stream().map(Duration::toMillis).toList());
    if (millis.isEmpty()) {
      System.out.println("  no latencies measured");
      return;
    }
    System.out.printf(
        "  latency over %d: p50 %d ms, p99 %d ms, max %d ms%n",
        count, millis.at(50), millis.at(99), millis.max());
  }
}
