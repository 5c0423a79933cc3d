package io.reveille.testing;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

/**
 * An OpenTelemetry collector's trace endpoint for the tests: OTLP over HTTP with protobuf bodies
 * ({@code POST /v1/traces}), on 127.0.0.1 and the port the test server exports to ({@code
 * reveille.it.otlpPort}). It keeps every span it receives for the tests to look through; started
 * once per test JVM, before the server, and stopped with the JVM.
 */
public final class OtlpReceiver {

  /** A received span, ids in lower-case hex ({@code parentSpanId} empty for a root span). */
  public record ReceivedSpan(
      String traceId,
      String spanId,
      String parentSpanId,
      String name,
      Map<String, String> attributes) {}

  private static OtlpReceiver shared;

  private final ConcurrentLinkedQueue<ReceivedSpan> spans = new ConcurrentLinkedQueue<>();
  private final HttpServer server;

  private OtlpReceiver(int port) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    server.setExecutor(
        Executors.newSingleThreadExecutor(
            task -> {
              var thread = new Thread(task, "otlp-receiver");
              thread.setDaemon(true);
              return thread;
            }));
    server.createContext(
        "/v1/traces",
        exchange -> {
          try (exchange) {
            var request = ExportTraceServiceRequest.parseFrom(exchange.getRequestBody());
            request
                .getResourceSpansList()
                .forEach(
                    resource ->
                        resource
                            .getScopeSpansList()
                            .forEach(scope -> scope.getSpansList().forEach(this::keep)));
            var body = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            exchange.getResponseBody().write(body);
          }
        });
    server.start();
  }

  /** The receiver of this JVM, started on {@code reveille.it.otlpPort} at the first call. */
  public static synchronized OtlpReceiver shared() {
    if (shared == null) {
      try {
        shared = new OtlpReceiver(Integer.getInteger("reveille.it.otlpPort", 14318));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot listen for OTLP traces", e);
      }
    }
    return shared;
  }

  /** Every span of this trace received so far. */
  public List<ReceivedSpan> trace(String traceId) {
    return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
  }

  private void keep(io.opentelemetry.proto.trace.v1.Span span) {
    var hex = HexFormat.of();
    spans.add(
        new ReceivedSpan(
            hex.formatHex(span.getTraceId().toByteArray()),
            hex.formatHex(span.getSpanId().toByteArray()),
            hex.formatHex(span.getParentSpanId().toByteArray()),
            span.getName(),
            span.getAttributesList().stream()
                .collect(
                    Collectors.toMap(
                        attribute -> attribute.getKey(),
                        attribute -> text(attribute.getValue()),
                        (a, b) -> b))));
  }

  private static String text(AnyValue value) {
    return switch (value.getValueCase()) {
      case STRING_VALUE -> value.getStringValue();
      case INT_VALUE -> Long.toString(value.getIntValue());
      case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
      case DOUBLE_VALUE -> Double.toString(value.getDoubleValue());
      default -> value.toString();
    };
  }
}
