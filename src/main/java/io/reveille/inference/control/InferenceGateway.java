package io.reveille.inference.control;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.reveille.observability.control.Metrics;
import io.reveille.observability.control.Tracing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.temporal.ChronoUnit;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * The configured model endpoint behind MicroProfile Fault Tolerance, so that an overloaded or
 * failing endpoint makes wakes back off instead of looping on it.
 *
 * <ul>
 *   <li>Retry only what may pass on a second try: 429 and 5xx/unreachable. A refused request (4xx)
 *       or a missing configuration aborts at once.
 *   <li>The circuit opens when three of four calls fail; a refused request or a missing
 *       configuration does not count, because the endpoint itself is not at fault.
 *   <li>The bulkhead caps concurrent calls so that wakes cannot exhaust the server's threads.
 *   <li>{@code @Timeout} bounds one attempt a little above {@code
 *       reveille.inference.timeout-seconds} (60 s by default), so the client's own {@link
 *       InferenceTimeoutException} normally comes first. Annotation values cannot read MicroProfile
 *       Config; change it with the key {@code
 *       io.reveille.inference.control.InferenceGateway/chat/Timeout/value} (milliseconds) when the
 *       timeout is raised (see microprofile-config.properties).
 * </ul>
 */
@ApplicationScoped
public class InferenceGateway implements InferenceProvider {

  private InferenceProvider client;

  InferenceGateway() {}

  @Inject Metrics metrics;
  @Inject Tracing tracing;

  @Inject
  InferenceGateway(InferenceConfig config) {
    this.client = new OpenAiCompatibleClient(config);
  }

  @Override
  @Timeout(value = 65_000, unit = ChronoUnit.MILLIS)
  @Retry(
      maxRetries = 3,
      delay = 500,
      jitter = 250,
      retryOn = {InferenceRateLimitedException.class, InferenceServerException.class},
      abortOn = {InferenceRequestException.class, InferenceUnavailableException.class})
  @CircuitBreaker(
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 30_000,
      skipOn = {InferenceRequestException.class, InferenceUnavailableException.class})
  @Bulkhead(8)
  public ChatResult chat(ChatRequest request) {
    // One span per attempt (a retried call shows each try), under the run's or the tool's.
    var span = tracing.start("chat " + request.model(), SpanKind.CLIENT, Context.current());
    span.setAttribute(Tracing.MODEL, request.model())
        .setAttribute(AttributeKey.stringKey("gen_ai.operation.name"), "chat");
    return Tracing.within(
        span,
        () -> {
          try {
            var result = client.chat(request);
            metrics.inferenceCall(
                request.model(),
                "succeeded",
                result.usage().promptTokens(),
                result.usage().completionTokens());
            span.setAttribute(Tracing.INPUT_TOKENS, (long) result.usage().promptTokens())
                .setAttribute(Tracing.OUTPUT_TOKENS, (long) result.usage().completionTokens());
            return result;
          } catch (RuntimeException e) {
            metrics.inferenceCall(request.model(), "failed", 0, 0);
            throw e;
          }
        });
  }
}
