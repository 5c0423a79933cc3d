package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Api;
import io.reveille.testing.ServerLogs;
import io.reveille.testing.TestIdentities;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The secrets the test server knows (every user's password, the inference API key, a bearer token)
 * never reach a log, an FFDC file or a response: the test makes requests fail in the ways that
 * carry them (a password as a user name, a password as a bearer token, a password one character
 * off, a token the server does not trust), then reads every file under the server's logs directory,
 * which by then also holds whatever the suite's other classes made the server write.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SecretsInLogsIT {

  private final Api api = new Api();
  private final Path logs = ServerLogs.ofTestServer();

  @Test
  void noSecretReachesALogAnFfdcFileOrAResponse() {
    var adminPassword = TestIdentities.password(Role.ADMIN);
    var strangerToken = TestIdentities.token("mallory", "admin").signedByStranger().compact();
    var secrets = new LinkedHashMap<String, String>();
    for (var role : Role.values()) {
      secrets.put(role.wire() + " password", TestIdentities.password(role));
    }
    secrets.put("inference API key", TestIdentities.inferenceApiKey());
    secrets.put("refused bearer token", strangerToken);
    secrets.put("broker server password", System.getProperty("reveille.it.brokerPassword", "-"));
    secrets.put(
        "broker producer password", System.getProperty("reveille.it.brokerProducerPassword", "-"));

    var attempts =
        Map.of(
            "password as user name", TestIdentities.basic(adminPassword, "whatever-password"),
            "password one off", TestIdentities.basic(TestIdentities.ADMIN, adminPassword + "x"),
            "password as bearer token", "Bearer " + adminPassword,
            "untrusted token", "Bearer " + strangerToken,
            "password in a malformed header", "Basic " + adminPassword);
    for (var attempt : attempts.entrySet()) {
      for (var path : new String[] {"/api/agents", "/api/agents/x/pause"}) {
        var answer =
            path.endsWith("pause")
                ? api.as(attempt.getValue()).post(path, "{}")
                : api.as(attempt.getValue()).get(path);
        assertEquals(401, answer.status(), attempt.getKey() + ": " + answer);
        secrets.forEach(
            (what, value) ->
                assertFalse(
                    answer.body().contains(value)
                        || answer.raw().headers().toString().contains(value),
                    attempt.getKey() + ": the response shows the " + what));
      }
    }

    assertTrue(Files.isDirectory(logs), "the server's logs are at " + logs);
    var leaks = ServerLogs.leaks(logs, secrets);
    assertTrue(leaks.isEmpty(), "secrets in the logs: " + leaks);
  }
}
