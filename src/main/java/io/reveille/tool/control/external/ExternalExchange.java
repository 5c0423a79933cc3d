package io.reveille.tool.control.external;

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

  /** Why a request never left. */
  enum Refusal {
    /** No connection (refused, connect timeout): the provider may be back in a moment. */
    CONNECTION,
    /** The tool's circuit breaker is open. */
    BREAKER_OPEN,
    /**
     * The request itself cannot be sent (a header value the client refuses); trying again fails.
     */
    INVALID_REQUEST
  }

  /** The request never left. */
  record NotSent(String reason, Refusal refusal) implements ExternalExchange {
    @Override
    public boolean maybeApplied() {
      return false;
    }

    public boolean breakerOpen() {
      return refusal == Refusal.BREAKER_OPEN;
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
