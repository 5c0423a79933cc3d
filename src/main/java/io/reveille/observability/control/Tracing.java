package io.reveille.observability.control;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Reveille's traces (OpenTelemetry): a span for each wake run with its tool calls and model calls
 * as children, continuing the trace of the batch that caused the run — a producer's {@code
 * traceparent} travels on the notification message, and on from there on the wake job's message.
 *
 * <p>Off unless {@code otel.sdk.disabled=false} (the MicroProfile Telemetry convention; {@code
 * OTEL_SDK_DISABLED=false}): then the SDK is configured by the standard {@code otel.*} settings —
 * system properties, {@code OTEL_*} variables, or MicroProfile Config — and exports over OTLP
 * ({@code otel.exporter.otlp.endpoint}, {@code otel.exporter.otlp.protocol}, …) as service {@code
 * reveille} unless {@code otel.service.name} says otherwise; only traces, no OpenTelemetry metrics
 * or logs unless configured. Off, every span is OpenTelemetry's no-op: nothing is recorded, sampled
 * or sent.
 */
@ApplicationScoped
public class Tracing {

  private static final Logger LOG = Logger.getLogger(Tracing.class.getName());

  public static final AttributeKey<String> AGENT_ID = AttributeKey.stringKey("reveille.agent.id");
  public static final AttributeKey<String> RUN_KEY = AttributeKey.stringKey("reveille.run.key");
  public static final AttributeKey<String> REASON = AttributeKey.stringKey("reveille.wake.reason");
  public static final AttributeKey<String> TOOL = AttributeKey.stringKey("reveille.tool.name");

  /** The step of its run a tool call is made at. */
  public static final AttributeKey<Long> STEP_INDEX = AttributeKey.longKey("reveille.step.index");

  /** A tool call's ledger key (its idempotency key). */
  public static final AttributeKey<String> TOOL_CALL = AttributeKey.stringKey("reveille.tool.call");

  public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("reveille.outcome");
  public static final AttributeKey<String> MODEL = AttributeKey.stringKey("gen_ai.request.model");
  public static final AttributeKey<Long> INPUT_TOKENS =
      AttributeKey.longKey("gen_ai.usage.input_tokens");
  public static final AttributeKey<Long> OUTPUT_TOKENS =
      AttributeKey.longKey("gen_ai.usage.output_tokens");

  /** The W3C trace context fields a message carries, as JMS string properties or HTTP headers. */
  public static final List<String> FIELDS = List.of("traceparent", "tracestate");

  private OpenTelemetry openTelemetry = OpenTelemetry.noop();
  private Tracer tracer = openTelemetry.getTracer("io.reveille");

  @PostConstruct
  void start() {
    var config = ConfigProvider.getConfig();
    if (!enabled(config.getOptionalValue("otel.sdk.disabled", String.class))) {
      return;
    }
    openTelemetry =
        AutoConfiguredOpenTelemetrySdk.builder()
            .addPropertiesSupplier(() -> defaults(config))
            // Closed when the application stops (below): a JVM hook would keep it loaded.
            .disableShutdownHook()
            .build()
            .getOpenTelemetrySdk();
    tracer = openTelemetry.getTracer("io.reveille");
    LOG.info("OpenTelemetry tracing is on (otel.sdk.disabled=false)");
  }

  @PreDestroy
  void stop() {
    if (openTelemetry instanceof OpenTelemetrySdk sdk) {
      sdk.close();
    }
  }

  /** On only when the setting says {@code false}: absent, {@code true} or anything else is off. */
  static boolean enabled(Optional<String> sdkDisabled) {
    return sdkDisabled
        .map(v -> v.strip().toLowerCase(Locale.ROOT))
        .filter("false"::equals)
        .isPresent();
  }

  /**
   * The lowest-precedence settings: Reveille's defaults, then every {@code otel.*} property of the
   * application's MicroProfile Config; system properties and {@code OTEL_*} variables override
   * both.
   */
  static Map<String, String> defaults(Config config) {
    var defaults = new HashMap<String, String>();
    defaults.put("otel.service.name", "reveille");
    defaults.put("otel.traces.exporter", "otlp");
    defaults.put("otel.metrics.exporter", "none");
    defaults.put("otel.logs.exporter", "none");
    for (var name : config.getPropertyNames()) {
      if (name.startsWith("otel.")) {
        config.getOptionalValue(name, String.class).ifPresent(v -> defaults.put(name, v));
      }
    }
    return defaults;
  }

  public boolean on() {
    return openTelemetry instanceof OpenTelemetrySdk;
  }

  /** The trace context a carrier ({@code field → value}) continues, or the current one. */
  public Context extract(Function<String, String> carrier) {
    if (!on()) {
      return Context.current();
    }
    return W3CTraceContextPropagator.getInstance()
        .extract(Context.current(), carrier, Getter.INSTANCE);
  }

  /** Writes the current trace context into a carrier, when there is one to continue. */
  public void inject(BiConsumer<String, String> carrier) {
    if (on() && Span.current().getSpanContext().isValid()) {
      W3CTraceContextPropagator.getInstance()
          .inject(Context.current(), carrier, BiConsumer::accept);
    }
  }

  /** A span started under {@code parent}; the caller makes it current and ends it. */
  public Span start(String name, SpanKind kind, Context parent) {
    return tracer.spanBuilder(name).setSpanKind(kind).setParent(parent).startSpan();
  }

  /** A span started under the current one. */
  public Span start(String name) {
    return tracer.spanBuilder(name).startSpan();
  }

  /**
   * Runs {@code work} with {@code span} current, records a failure on it, and ends it either way.
   */
  public static <T> T within(Span span, Supplier<T> work) {
    try (Scope scope = span.makeCurrent()) {
      return work.get();
    } catch (RuntimeException | Error e) {
      span.recordException(e);
      span.setStatus(StatusCode.ERROR, String.valueOf(e.getMessage()));
      throw e;
    } finally {
      span.end();
    }
  }

  /** The same for work without a result. */
  public static void within(Span span, Runnable work) {
    within(
        span,
        () -> {
          work.run();
          return null;
        });
  }

  private enum Getter implements TextMapGetter<Function<String, String>> {
    INSTANCE;

    @Override
    public Iterable<String> keys(Function<String, String> carrier) {
      return FIELDS;
    }

    @Override
    public String get(Function<String, String> carrier, String key) {
      return carrier == null ? null : carrier.apply(key);
    }
  }
}
