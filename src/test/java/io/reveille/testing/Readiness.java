package io.reveille.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/** Waiting for a starting server: until its {@code /health/ready} answers 200. */
public final class Readiness {

  private Readiness() {}

  /**
   * Polls {@code base}'s {@code /health/ready} every 250 ms until it answers 200 and returns that
   * moment; fails when {@code timeout} passes or as soon as {@code alive} says the process is gone.
   */
  public static Instant await(URI base, Duration timeout, BooleanSupplier alive, String name) {
    var deadline = Instant.now().plus(timeout);
    var client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    while (Instant.now().isBefore(deadline)) {
      if (!alive.getAsBoolean()) {
        throw new AssertionError(name + " exited while starting; see its logs");
      }
      try {
        var response =
            client.send(
                HttpRequest.newBuilder(base.resolve("/health/ready"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() == 200) {
          return Instant.now();
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
      // The polling interval while the server starts (the loop ends at the deadline).
      Poll.pause(Duration.ofMillis(250));
    }
    throw new AssertionError(name + " not ready within " + timeout + "; see its logs");
  }
}
