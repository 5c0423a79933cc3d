package io.reveille.observability.control;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.reveille.platform.AfterCommit;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Reveille's operational metrics, one registry per server, scraped in Prometheus' text format at
 * {@code /metrics}. Every name starts {@code reveille_}; labels carry only bounded values (wake
 * reasons, outcomes, tool names of the contract, queue names, model names), never ids.
 *
 * <ul>
 *   <li>{@code reveille_wakes_total{reason,outcome}}: finished runs, {@code completed} or {@code
 *       failed};
 *   <li>{@code reveille_wake_run_seconds{reason}}: how long a run took, begin to end (histogram);
 *   <li>{@code reveille_wake_start_latency_seconds{reason}}: from the job's creation (a matched
 *       batch, a firing, a request) to the run's start (histogram);
 *   <li>{@code reveille_wake_decisions_total{decision}}: subscription matches {@code scheduled},
 *       {@code deferred}, {@code coalesced}, {@code suppressed}, {@code chain_broken} or {@code
 *       stale_trigger};
 *   <li>{@code reveille_timer_lateness_seconds}: how late timer alarms go off (histogram);
 *   <li>{@code reveille_notification_batches_total{outcome}}: batches {@code accepted} or {@code
 *       dead_lettered} by the consumer;
 *   <li>{@code reveille_tool_calls_total{tool,outcome}}: {@code succeeded}, {@code replayed}, or
 *       the error code ({@code out_of_scope}, …);
 *   <li>{@code reveille_inference_calls_total{model,outcome}} and {@code
 *       reveille_inference_tokens_total{model,direction}};
 *   <li>{@code reveille_queue_depth{queue}} (asked of the broker at each scrape) and {@code
 *       reveille_sse_streams_open}.
 * </ul>
 */
@ApplicationScoped
public class Metrics {

  /** Buckets of the duration histograms: from 5 ms to 10 min. */
  static final Duration MIN_EXPECTED = Duration.ofMillis(5);

  static final Duration MAX_EXPECTED = Duration.ofMinutes(10);

  @Resource TransactionSynchronizationRegistry transactions;

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Map<String, AtomicLong> queueDepths = new ConcurrentHashMap<>();

  private final Map<String, AtomicLong> syncBehind = new ConcurrentHashMap<>();

  public void wakeFinished(String reason, String outcome, Duration took) {
    counter("reveille.wakes", "Finished wake runs", "reason", reason, "outcome", outcome)
        .increment();
    histogram("reveille.wake.run", "How long a wake run took", "reason", reason).record(took);
  }

  public void wakeStarted(String reason, Duration sinceCreated) {
    histogram(
            "reveille.wake.start.latency",
            "From a wake job's creation to its run's start",
            "reason",
            reason)
        .record(sinceCreated.isNegative() ? Duration.ZERO : sinceCreated);
  }

  /**
   * What the scheduler made of a subscription match, or the runner of its run: {@code scheduled}
   * (at once), {@code deferred} (to the end of the throttle window or a back-off), {@code
   * coalesced} (merged into a queued run), {@code suppressed} (the agent's own change), {@code
   * chain_broken} (refused to a chain of agent runs too deep or coming back), {@code stale_trigger}
   * (a batch whose host counter the agent processed already). Counted once the transaction that
   * decided commits: a batch taken in again after a rollback counts once.
   */
  public void wakeDecision(String decision) {
    AfterCommit.run(
        transactions,
        () ->
            counter(
                    "reveille.wake.decisions",
                    "What became of subscription matches",
                    "decision",
                    decision)
                .increment());
  }

  /**
   * How late a timer's alarm went off after the firing it was set for; recorded once the firing
   * commits, so that a batch of firings fired again alarm by alarm after a rollback counts once.
   */
  public void timerLateness(Duration late) {
    AfterCommit.run(transactions, () -> recordTimerLateness(late));
  }

  private void recordTimerLateness(Duration late) {
    Timer.builder("reveille.timer.lateness")
        .description("How late timer alarms go off")
        .publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofMillis(1))
        .maximumExpectedValue(MAX_EXPECTED)
        .register(registry)
        .record(late.isNegative() ? Duration.ZERO : late);
  }

  /**
   * A question an agent put to a person ({@code ask_user}, {@code propose_plan}): {@code asked},
   * {@code answered} or {@code expired}, counted once its transaction commits; those asked and
   * neither answered nor expired are waiting for a person.
   */
  public void question(String event) {
    AfterCommit.run(
        transactions,
        () ->
            counter("reveille.questions", "Questions agents put to a person", "event", event)
                .increment());
  }

  public void batch(String outcome) {
    counter(
            "reveille.notification.batches",
            "Notification batches taken from the queue",
            "outcome",
            outcome)
        .increment();
  }

  public void toolCall(String tool, String outcome) {
    counter("reveille.tool.calls", "Tool calls", "tool", tool, "outcome", outcome).increment();
  }

  /** A model's tool call read despite a small mistake of the {@code kind} given. */
  public void toolCallRecovered(String kind) {
    counter(
            "reveille.tool.recoveries",
            "Model tool calls read despite a small mistake (a misspelt name, arguments encoded twice)",
            "kind",
            kind)
        .increment();
  }

  public void inferenceCall(String model, String outcome, long inputTokens, long outputTokens) {
    counter(
            "reveille.inference.calls",
            "Calls of the model endpoint",
            "model",
            model,
            "outcome",
            outcome)
        .increment();
    tokens(model, "input").increment(inputTokens);
    tokens(model, "output").increment(outputTokens);
  }

  /**
   * Multi-site sync records: {@code sent} to the other sites, or taken in from them ({@code
   * applied}, {@code waiting} for an earlier one, {@code duplicate}, {@code own}).
   */
  public void syncRecords(String outcome, long count) {
    counter(
            "reveille.sync.records",
            "Sync records sent to other sites and taken in from them",
            "outcome",
            outcome)
        .increment(count);
  }

  /** A missing range of a site's records asked of it ({@code requested}), or asked of this site. */
  public void syncBackfill(String event) {
    counter("reveille.sync.backfills", "Ranges of sync records asked for again", "event", event)
        .increment();
  }

  /** How many of {@code origin}'s records are received or announced here but not applied yet. */
  public void syncBehind(String origin, long behind) {
    tagged(
            syncBehind,
            "reveille.sync.behind",
            "A peer site's records received or announced here, not applied yet",
            "origin",
            origin)
        .set(behind);
  }

  /** Registers a gauge read at each scrape, such as the open event streams. */
  public void gauge(String name, String description, Supplier<Number> value) {
    Gauge.builder(name, value).description(description).register(registry);
  }

  /** Sets the queue depths the broker gave for this scrape. */
  public void queueDepth(String queue, long messageCount) {
    tagged(
            queueDepths,
            "reveille.queue.depth",
            "Messages on a queue, as the broker counts them",
            "queue",
            queue)
        .set(messageCount);
  }

  /** The value behind the gauge {@code name} with the tag {@code key=value}, registered once. */
  private AtomicLong tagged(
      Map<String, AtomicLong> values, String name, String description, String key, String value) {
    return values.computeIfAbsent(
        value,
        v -> {
          var gauge = new AtomicLong();
          Gauge.builder(name, gauge, AtomicLong::get)
              .description(description)
              .tags(key, v)
              .register(registry);
          return gauge;
        });
  }

  /** Every metric in Prometheus' text format. */
  public String scrape() {
    return registry.scrape();
  }

  private Counter tokens(String model, String direction) {
    return counter(
        "reveille.inference.tokens", "Model tokens", "model", model, "direction", direction);
  }

  private Counter counter(String name, String description, String... tags) {
    return Counter.builder(name).description(description).tags(tags).register(registry);
  }

  private Timer histogram(String name, String description, String tag, String value) {
    return Timer.builder(name)
        .description(description)
        .tags(tag, value)
        .publishPercentileHistogram()
        .minimumExpectedValue(MIN_EXPECTED)
        .maximumExpectedValue(MAX_EXPECTED)
        .register(registry);
  }
}
