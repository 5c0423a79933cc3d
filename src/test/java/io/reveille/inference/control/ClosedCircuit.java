package io.reveille.inference.control;

import io.reveille.testing.Poll;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

/**
 * The gateway's circuit breaker belongs to the application, which all integration-test classes
 * share: a test that opened it (on purpose, or through timeouts) would fail the next test's calls.
 * Tests that talk to the model first wait here until the circuit is closed — an open circuit
 * half-opens after its delay and closes on one successful call — and start from an empty script.
 */
public final class ClosedCircuit {

  private ClosedCircuit() {}

  public static void await(InferenceGateway gateway) {
    var server = OpenAiProtocolServer.shared();
    var probe = ChatRequest.of("test-model", List.of(ChatMessage.user("probe")), List.of());
    Poll.until(
        Duration.ofSeconds(60),
        () -> {
          server.reset();
          server.thenAnswer("closed");
          try {
            gateway.chat(probe);
            return true;
          } catch (CircuitBreakerOpenException e) {
            return false;
          }
        });
    server.reset();
  }
}
