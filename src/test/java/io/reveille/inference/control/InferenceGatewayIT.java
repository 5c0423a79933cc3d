package io.reveille.inference.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The container's fault tolerance around the real {@link InferenceGateway}, against a local
 * OpenAI-protocol endpoint started inside the server JVM ({@link OpenAiProtocolServer}) and
 * configured through MicroProfile Config ({@link
 * io.reveille.taskagent.control.ModelITConfigSource}): a rate limit is retried, a refused request
 * is not, and failing calls open the circuit so that later calls fail fast without reaching the
 * endpoint. The circuit test runs last, and the last test waits for the circuit to close again
 * (after the delay, one successful call), which also hands the shared deployment to other tests
 * with a closed circuit.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class InferenceGatewayIT {

  @Inject InferenceGateway gateway;

  private OpenAiProtocolServer server;

  @BeforeEach
  void reset() {
    server = OpenAiProtocolServer.shared();
    ClosedCircuit.await(gateway);
  }

  private static ChatRequest hello() {
    return ChatRequest.of("test-model", List.of(ChatMessage.user("hello")), List.of());
  }

  @Test
  @Order(1)
  void aRateLimitIsRetried() {
    server.then(429, "{\"error\":{\"message\":\"slow down\"}}").thenAnswer("the answer");

    var result = gateway.chat(hello());

    assertEquals(Optional.of("the answer"), result.content());
    assertEquals(2, server.requests(), "the 429 was retried once");
  }

  @Test
  @Order(2)
  void aRefusedRequestIsNotRetried() {
    server.then(400, "{\"error\":{\"message\":\"bad request\"}}");

    assertThrows(InferenceRequestException.class, () -> gateway.chat(hello()));
    assertEquals(1, server.requests(), "a 400 is not retried");
  }

  @Test
  @Order(3)
  void failingCallsOpenTheCircuitAndLaterCallsFailFast() {
    for (int i = 0; i < 50; i++) {
      server.then(500, "{\"error\":{\"message\":\"boom\"}}");
    }

    boolean open = false;
    for (int call = 0; call < 5 && !open; call++) {
      try {
        gateway.chat(hello());
      } catch (CircuitBreakerOpenException e) {
        open = true;
      } catch (InferenceServerException e) {
        // retries exhausted before the circuit opened; call again
      }
    }
    assertTrue(open, "the circuit opened after repeated 500s");
    int reached = server.requests();
    assertTrue(reached >= 3, "the failures that opened the circuit reached the server: " + reached);

    for (int call = 0; call < 3; call++) {
      assertThrows(CircuitBreakerOpenException.class, () -> gateway.chat(hello()));
    }
    assertEquals(reached, server.requests(), "an open circuit keeps calls from the server");
  }

  @Test
  @Order(4)
  void anOpenCircuitClosesAfterItsDelayAndOneSuccessfulCall() {
    ClosedCircuit.await(gateway);
    server.reset();
    server.thenAnswer("still closed");
    assertEquals(Optional.of("still closed"), gateway.chat(hello()).content());
  }
}
