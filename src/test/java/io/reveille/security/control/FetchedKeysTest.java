package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.reveille.testing.MovableClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FetchedKeysTest {

  private static final String ISSUER = "https://idp.example";
  private static final RSAKey FIRST = rsa("k1");
  private static final RSAKey SECOND = rsa("k2");
  private static final RSAKey STRANGER = rsa("k9");

  private final MovableClock clock = new MovableClock(Instant.now());
  private final AtomicInteger reads = new AtomicInteger();
  private volatile String published = jwks(FIRST);

  private FetchedKeys keys(FetchedKeys.Reader reader) {
    return new FetchedKeys(reader, JwtVerifier.Algorithm.RS256, clock);
  }

  private FetchedKeys countedKeys() {
    return keys(
        () -> {
          reads.incrementAndGet();
          return published;
        });
  }

  private JwtVerifier verifier(FetchedKeys keys) {
    return new JwtVerifier(
        new JwtVerifier.Settings(
            ISSUER, Set.of("reveille"), JwtVerifier.Algorithm.RS256, Duration.ZERO),
        keys,
        clock);
  }

  @Test
  void aKeyPublishedLaterIsReadWhenATokenNamesItButNotTwiceAMinute() throws Exception {
    var verifier = verifier(countedKeys());
    assertEquals(ISSUER + "#ann", verifier.verify(token(FIRST, "ann")).name());
    assertEquals(1, reads.get(), "the keys are read once at the start");

    published = jwks(FIRST, SECOND);
    clock.advance(FetchedKeys.REFETCH_AT_MOST_EVERY.plusSeconds(1));
    assertEquals(ISSUER + "#bob", verifier.verify(token(SECOND, "bob")).name());
    assertEquals(2, reads.get());

    assertUntrusted(verifier, token(STRANGER, "eve"));
    clock.advance(FetchedKeys.REFETCH_AT_MOST_EVERY.minusSeconds(2));
    assertUntrusted(verifier, token(STRANGER, "eve"));
    assertEquals(2, reads.get(), "no second read within a minute of the last");
    clock.advance(Duration.ofSeconds(2));
    assertUntrusted(verifier, token(STRANGER, "eve"));
    assertEquals(3, reads.get(), "once the minute is over, an unknown key id is looked up again");
    assertEquals(ISSUER + "#ann", verifier.verify(token(FIRST, "ann")).name());
    assertEquals(3, reads.get(), "known key ids never cause a read");
  }

  @Test
  void manyCallersWithUnknownKeyIdsAtOnceCauseOneRead() throws Exception {
    var callers = 16;
    var arrived = new CountDownLatch(callers);
    var verifier =
        verifier(
            keys(
                () -> {
                  if (reads.incrementAndGet() > 1) {
                    // the read is slow: every caller has presented its token before it ends
                    try {
                      arrived.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                      throw new IOException(e);
                    }
                  }
                  return published;
                }));
    clock.advance(FetchedKeys.REFETCH_AT_MOST_EVERY.multipliedBy(5));
    var pool = Executors.newFixedThreadPool(callers);
    try {
      var outcomes = new ArrayList<Future<String>>();
      for (var i = 0; i < callers; i++) {
        var token = token(new RSAKey.Builder(STRANGER).keyID("unknown-" + i).build(), "eve");
        outcomes.add(
            pool.submit(
                () -> {
                  arrived.countDown();
                  try {
                    return verifier.verify(token).name();
                  } catch (JwtVerifier.InvalidToken refused) {
                    return refused.getMessage();
                  }
                }));
      }
      for (var outcome : outcomes) {
        var result = outcome.get(30, TimeUnit.SECONDS);
        assertTrue(result.contains("does not trust"), result);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(2, reads.get(), "one read at the start, one for all the unknown key ids");
  }

  @Test
  void aFailingReadKeepsTheKeysHeld() throws Exception {
    var verifier =
        verifier(
            keys(
                () -> {
                  if (reads.incrementAndGet() > 1) {
                    throw new IOException("the identity provider is down");
                  }
                  return published;
                }));
    clock.advance(FetchedKeys.REFETCH_AT_MOST_EVERY.plusSeconds(1));
    assertUntrusted(verifier, token(SECOND, "bob"));
    assertEquals(2, reads.get());
    assertEquals(ISSUER + "#ann", verifier.verify(token(FIRST, "ann")).name());
  }

  @Test
  void aLocationOverPlainHttpIsRefusedBeforeAnythingIsRead() {
    for (var location :
        new String[] {"http://127.0.0.1:1/jwks.json", "HTTP://idp.example/jwks", "ftp://idp/k"}) {
      var refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> FetchedKeys.at(location, JwtVerifier.Algorithm.RS256, clock));
      assertTrue(
          refused.getMessage().startsWith("mp.jwt.verify.publickey.location must be an https: URL")
              && refused.getMessage().contains("not a " + location.split(":")[0].toLowerCase()),
          refused.getMessage());
    }
  }

  @Test
  void aFileIsReadAsAPathOrAFileUrl(@TempDir Path folder) throws Exception {
    var file = Files.writeString(folder.resolve("jwks.json"), jwks(FIRST));
    for (var location : new String[] {file.toString(), file.toUri().toString()}) {
      var verifier = verifier(FetchedKeys.at(location, JwtVerifier.Algorithm.RS256, clock));
      assertEquals(ISSUER + "#ann", verifier.verify(token(FIRST, "ann")).name(), location);
    }
    var missing =
        assertThrows(
            IllegalStateException.class,
            () ->
                FetchedKeys.at(
                    folder.resolve("absent.json").toString(), JwtVerifier.Algorithm.RS256, clock));
    assertTrue(missing.getMessage().contains("cannot read"), missing.getMessage());
  }

  private void assertUntrusted(JwtVerifier verifier, String token) {
    var refused = assertThrows(JwtVerifier.InvalidToken.class, () -> verifier.verify(token));
    assertTrue(refused.getMessage().contains("does not trust"), refused.getMessage());
  }

  private String token(RSAKey key, String subject) throws JOSEException {
    var now = clock.instant();
    var jwt =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
            new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .audience("reveille")
                .subject(subject)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(Duration.ofHours(1))))
                .build());
    jwt.sign(new RSASSASigner(key));
    return jwt.serialize();
  }

  private static String jwks(RSAKey... keys) {
    var set = new ArrayList<com.nimbusds.jose.jwk.JWK>();
    for (var key : keys) {
      set.add(key.toPublicJWK());
    }
    return new JWKSet(set).toString();
  }

  private static RSAKey rsa(String keyId) {
    try {
      return new RSAKeyGenerator(2048).keyID(keyId).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }
}
