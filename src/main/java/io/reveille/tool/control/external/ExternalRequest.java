package io.reveille.tool.control.external;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One HTTP request of an external tool, ready to send: its headers hold resolved secrets, so it
 * lives only for the exchange and its {@link #toString()} names headers without their values.
 *
 * @param resendable whether sending it again is safe (the provider honours the idempotency key):
 *     then a provider failure or a refused connection is retried with the same key
 */
public record ExternalRequest(
    String tool,
    String method,
    URI uri,
    Map<String, String> headers,
    Optional<String> body,
    String idempotencyKey,
    Duration timeout,
    boolean resendable) {

  public ExternalRequest {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(uri, "uri");
    headers = Map.copyOf(headers);
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(idempotencyKey, "idempotencyKey");
    Objects.requireNonNull(timeout, "timeout");
  }

  @Override
  public String toString() {
    return "ExternalRequest[tool="
        + tool
        + ", "
        + method
        + " "
        + uri
        + ", headers="
        + headers.keySet()
        + ", idempotencyKey="
        + idempotencyKey
        + "]";
  }
}
