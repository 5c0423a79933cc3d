package io.reveille.tool.external;

import jakarta.json.JsonValue;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What became of one request: it was answered, it was not sent at all, or it was sent and the
 * answer was lost — in which case nobody knows whether it took effect.
 */
public sealed interface ExternalExchange {

  /** Whether the provider may have acted on the request. */
  boolean maybeApplied();

  /** The provider answered with {@code status}. */
  record Answered(int status, Map<String, List<String>> headers, Optional<JsonValue> body)
      implements ExternalExchange {

    public boolean isSuccess() {
      return status >= 200 && status < 300;
    }

    /** 5xx or 429: the provider is unwell or busy; the request may be sent again later. */
    public boolean isProviderFailure() {
      return status >= 500 || status == 429;
    }

    public Optional<String> header(String name) {
      return headers.entrySet().stream()
          .filter(
              entry ->
                  entry.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT)))
          .flatMap(entry -> entry.getValue().stream())
          .findFirst();
    }

    @Override
    public boolean maybeApplied() {
      return isSuccess();
    }
  }

  /** The request never left (connection refused, connect timeout, breaker open). */
  record NotSent(String reason, boolean breakerOpen) implements ExternalExchange {
    @Override
    public boolean maybeApplied() {
      return false;
    }
  }

  /** The request was sent and no answer came (the connection dropped, the answer timed out). */
  record InDoubt(String reason) implements ExternalExchange {
    @Override
    public boolean maybeApplied() {
      return true;
    }
  }
}
