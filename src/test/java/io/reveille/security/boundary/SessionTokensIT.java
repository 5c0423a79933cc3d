package io.reveille.security.boundary;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.TamperedTokens;
import io.reveille.testing.TestIdentities;
import io.reveille.testing.suite.BesideTheChain;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodySubscribers;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The console's session tokens over real HTTP: a password buys a token that signs its user in with
 * the roles of the sign-in, renews itself without the password, and is refused once signed out,
 * once expired and when tampered with; and every event stream ends when the token it was opened
 * with expires (a session token's or an identity provider's) or is signed out. Runs beside the
 * chain: it mostly waits for tokens to expire, which it keeps to a few seconds.
 */
@ExtendWith(BesideTheChain.class)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = BesideTheChain.DATABASE, mode = ResourceAccessMode.READ)
class SessionTokensIT {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final URI base =
      URI.create(System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181"));
  private final Api admin = new Api(base);
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  @Test
  void aPasswordBuysATokenThatWorksRenewsAndIsRefusedAfterSignOutOrWhenTampered() {
    var started = Instant.now().minusSeconds(1);
    var signIn = admin.as(Role.VIEWER).post("/api/session-tokens", "{}");
    assertEquals(201, signIn.status(), signIn::toString);
    assertTrue(signIn.header("Cache-Control").contains("no-store"), signIn::toString);
    var issued = signIn.json();
    assertEquals(TestIdentities.userName(Role.VIEWER), issued.getString("name"));
    assertEquals("[\"viewer\"]", issued.getJsonArray("roles").toString());
    var token = issued.getString("token");
    assertFalse(token.contains(TestIdentities.password(Role.VIEWER)), "no password in the token");

    var me = admin.as("Bearer " + token).get("/api/me");
    assertEquals(200, me.status(), me::toString);
    assertEquals(TestIdentities.userName(Role.VIEWER), me.json().getString("name"));
    assertEquals("session", me.json().getString("mechanism"));
    var forbidden = admin.as("Bearer " + token).post("/api/agents", "{}");
    assertEquals(403, forbidden.status(), "the token holds the sign-in's roles: " + forbidden);

    assertRefused(tamperedSignature(token));
    assertRefused(TamperedTokens.withClaims(token, "\"viewer\"", "\"admin\""));

    var renewal = admin.as("Bearer " + token).post("/api/session-tokens/renewal", "");
    assertEquals(200, renewal.status(), renewal::toString);
    var renewed = renewal.json().getString("token");
    assertEquals(issued.getString("renewableUntil"), renewal.json().getString("renewableUntil"));
    assertEquals(200, admin.as("Bearer " + renewed).get("/api/me").status());
    var renewedByPassword = admin.as(Role.VIEWER).post("/api/session-tokens/renewal", "");
    assertEquals(400, renewedByPassword.status(), renewedByPassword::toString);
    var tokenForToken = admin.as("Bearer " + token).post("/api/session-tokens", "{}");
    assertEquals(400, tokenForToken.status(), tokenForToken::toString);

    var signOut = admin.as("Bearer " + token).delete("/api/session-tokens/current");
    assertEquals(204, signOut.status(), signOut::toString);
    var after = admin.as("Bearer " + token).get("/api/me");
    assertEquals(401, after.status(), after::toString);
    assertTrue(after.body().contains("signed out"), after::toString);
    assertEquals(401, admin.as("Bearer " + renewed).get("/api/me").status(), "the whole session");
    assertEquals(
        401, admin.as("Bearer " + renewed).post("/api/session-tokens/renewal", "").status());

    var audit =
        admin.get(
            "/api/audit?principal="
                + TestIdentities.userName(Role.VIEWER)
                + "&from="
                + started
                + "&limit=200");
    assertEquals(200, audit.status(), audit::toString);
    var signOutId = signOut.header("X-Request-Id");
    assertTrue(
        audit.structure().asJsonArray().stream()
            .map(e -> e.asJsonObject())
            .anyMatch(
                e ->
                    e.getString("requestId").equals(signOutId)
                        && e.getString("mechanism").equals("session")
                        && e.getString("method").equals("DELETE")),
        "the sign-out is audited: " + audit);
  }

  @Test
  void aTokenIsRefusedOnceItHasExpired() {
    var signIn = admin.as(Role.OPERATOR).post("/api/session-tokens", "{\"lifetimeSeconds\":3}");
    assertEquals(201, signIn.status(), signIn::toString);
    var expiresAt = Instant.parse(signIn.json().getString("expiresAt"));
    var bearer = admin.as("Bearer " + signIn.json().getString("token"));
    var first = bearer.get("/api/me");
    // Answered before the token expired, it was checked before then and must have been taken; on a
    // machine so loaded that the answer came later, the refusal below is what the test can show.
    if (Instant.now().isBefore(expiresAt)) {
      assertEquals(200, first.status(), first::toString);
    }

    var refused =
        await()
            .atMost(WAIT)
            .pollInterval(Duration.ofMillis(200))
            .until(() -> bearer.get("/api/me"), answer -> answer.status() != 200);
    assertEquals(401, refused.status(), refused::toString);
    assertTrue(refused.body().contains("expired"), refused::toString);
    assertFalse(Instant.now().isBefore(expiresAt), "refused only once expired");
  }

  @Test
  void anEventStreamEndsWhenItsTokenExpiresOrItsSessionIsSignedOut() throws Exception {
    var agent = new Agents(admin).createCustom("Stream watched", "interactive");
    var opened = admin.post("/api/agents/" + agent + "/sessions", "");
    assertEquals(201, opened.status(), opened::toString);
    var session = "/api/agents/" + agent + "/sessions/" + opened.json().getString("id");
    // A message in the thread, so that each stream sends an event, and with it its headers, at
    // once.
    var turn = admin.post(session + "/turns", "{\"text\":\"Are you there?\"}");
    assertEquals(202, turn.status(), turn::toString);
    var events = session + "/events";

    var shortLived = admin.as(Role.OPERATOR).post("/api/session-tokens", "{\"lifetimeSeconds\":4}");
    assertEquals(201, shortLived.status(), shortLived::toString);
    var sessionExpiry = Instant.parse(shortLived.json().getString("expiresAt"));
    // An identity provider's token past its expiry but inside the server's 60 s clock skew: the
    // server accepts it for a few more seconds, and its stream ends when it stops accepting it.
    var jwtExpiry = Instant.ofEpochSecond(Instant.now().minusSeconds(56).getEpochSecond());
    var jwt = TestIdentities.token("stream-watcher", "viewer").expiredAt(jwtExpiry).bearer();
    var signedOut = admin.as(Role.VIEWER).post("/api/session-tokens", "{}");
    assertEquals(201, signedOut.status(), signedOut::toString);
    var signedOutToken = "Bearer " + signedOut.json().getString("token");

    var bySession = stream(events, "Bearer " + shortLived.json().getString("token"));
    var byJwt = stream(events, jwt);
    var bySignedOut = stream(events, signedOutToken);
    await().atMost(WAIT).until(bySignedOut.status::isDone);
    assertEquals(200, bySignedOut.status.get());
    assertEquals(
        204, admin.as(signedOutToken).delete("/api/session-tokens/current").status(), "sign-out");

    var sessionEnd = bySession.awaitEnd();
    var jwtEnd = byJwt.awaitEnd();
    bySignedOut.awaitEnd();
    assertFalse(sessionEnd.isBefore(sessionExpiry), "ended at " + sessionEnd);
    assertFalse(jwtEnd.isBefore(jwtExpiry.plusSeconds(60)), "ended at " + jwtEnd);
  }

  /** An event stream being read: its status once the response began, and when it ended. */
  private final class Stream {
    final CompletableFuture<Integer> status = new CompletableFuture<>();
    final CompletableFuture<Instant> ended = new CompletableFuture<>();

    Stream(String path, String authorization) {
      var request =
          HttpRequest.newBuilder(base.resolve(path))
              .header("Accept", "text/event-stream")
              .header("Authorization", authorization)
              .GET()
              .build();
      http.sendAsync(
              request,
              info -> {
                status.complete(info.statusCode());
                return BodySubscribers.discarding();
              })
          .whenComplete((response, failure) -> ended.complete(Instant.now()));
    }

    Instant awaitEnd() throws Exception {
      await().atMost(WAIT).until(ended::isDone);
      assertEquals(200, status.get());
      return ended.get();
    }
  }

  private Stream stream(String path, String authorization) {
    return new Stream(path, authorization);
  }

  private void assertRefused(String token) {
    var answer = admin.as("Bearer " + token).get("/api/me");
    assertEquals(401, answer.status(), answer::toString);
    assertTrue(
        answer.raw().headers().allValues("WWW-Authenticate").stream()
            .anyMatch(v -> v.contains("invalid_token")),
        answer::toString);
  }

  private static String tamperedSignature(String token) {
    var last = token.charAt(token.length() - 2);
    return token.substring(0, token.length() - 2)
        + (last == 'A' ? 'B' : 'A')
        + token.charAt(token.length() - 1);
  }
}
