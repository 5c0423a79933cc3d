package io.reveille.testing;

import io.reveille.security.control.Role;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The identities the integration tests use, made fresh for each test JVM: a random password for the
 * administrator and one user per other role, and an RSA key pair standing in for an identity
 * provider's signing key. {@link #serverSettings()} is what the test deployment configures the
 * server with (through the documented settings only); the tests then sign in as any role and mint
 * bearer tokens the server trusts, or ones it must refuse. In-container tests, which run inside the
 * server, read the same identities from the deployment (they sign in, but mint no tokens).
 */
public final class TestIdentities {

  public static final String ISSUER = "https://issuer.reveille.test";
  public static final String AUDIENCE = "reveille-it";
  public static final String ADMIN = "admin";

  /**
   * The subject of the one bearer-token caller listed in {@code
   * reveille.notifications.origin-principals} (as {@code <issuer>#<subject>}).
   */
  public static final String ORIGIN_RELAY = "origin-relay";

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Map<Role, String> PASSWORDS = new EnumMap<>(Role.class);
  private static final KeyPair SIGNING = rsaKeyPair();
  private static final Properties DEPLOYED = deployed();

  /**
   * A viewer whose password LoginThrottleIT guesses, so that the throttle it provokes slows no user
   * another test signs in as.
   */
  public static final String THROTTLED = "it-throttled";

  private static final String THROTTLED_PASSWORD =
      DEPLOYED.getProperty("reveille.user." + THROTTLED + ".password", randomPassword());
  private static final String INFERENCE_KEY =
      DEPLOYED.getProperty("reveille.inference.api-key", "sk-it-" + randomPassword());

  static {
    for (var role : Role.values()) {
      var key =
          role == Role.ADMIN
              ? "reveille.admin.password"
              : "reveille.user." + userName(role) + ".password";
      PASSWORDS.put(role, DEPLOYED.getProperty(key, randomPassword()));
    }
  }

  /**
   * Inside the test server (an in-container test calling the API), the identities the deployment
   * carries; in the test JVM, none yet: they are made here and deployed.
   */
  private static Properties deployed() {
    var properties = new Properties();
    try (var in =
        TestIdentities.class
            .getClassLoader()
            .getResourceAsStream(SecurityITConfigSource.RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return properties;
  }

  private TestIdentities() {}

  /** The built-in user holding exactly {@code role} (the administrator for ADMIN). */
  public static String userName(Role role) {
    return role == Role.ADMIN ? ADMIN : "it-" + role.wire();
  }

  /** An {@code Authorization} header value signing in as the user holding {@code role}. */
  public static String basic(Role role) {
    return basic(userName(role), PASSWORDS.get(role));
  }

  public static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /** An {@code Authorization} header value signing in as {@link #THROTTLED}. */
  public static String basicThrottled() {
    return basic(THROTTLED, THROTTLED_PASSWORD);
  }

  /**
   * The password of the user holding {@code role}: for tests that look for it where it must not be.
   */
  public static String password(Role role) {
    return PASSWORDS.get(role);
  }

  /**
   * The inference API key the test server sends to the model endpoint; never to be seen in logs.
   */
  public static String inferenceApiKey() {
    return INFERENCE_KEY;
  }

  /** The server settings that create these users and trust these tokens. */
  public static Properties serverSettings() {
    var settings = new Properties();
    settings.setProperty("reveille.admin.user", ADMIN);
    settings.setProperty("reveille.admin.password", PASSWORDS.get(Role.ADMIN));
    var declared = new StringBuilder();
    for (var role : List.of(Role.VIEWER, Role.OPERATOR, Role.PRODUCER)) {
      declared
          .append(declared.isEmpty() ? "" : ",")
          .append(userName(role))
          .append(':')
          .append(role.wire());
      settings.setProperty("reveille.user." + userName(role) + ".password", PASSWORDS.get(role));
    }
    declared.append(',').append(THROTTLED).append(':').append(Role.VIEWER.wire());
    settings.setProperty("reveille.user." + THROTTLED + ".password", THROTTLED_PASSWORD);
    settings.setProperty("reveille.users", declared.toString());
    settings.setProperty("mp.jwt.verify.publickey", publicKeyPem());
    settings.setProperty("mp.jwt.verify.issuer", ISSUER);
    settings.setProperty("mp.jwt.verify.audiences", AUDIENCE);
    settings.setProperty("reveille.notifications.origin-principals", ISSUER + "#" + ORIGIN_RELAY);
    settings.setProperty("reveille.inference.api-key", INFERENCE_KEY);
    return settings;
  }

  public static String publicKeyPem() {
    return "-----BEGIN PUBLIC KEY-----\n"
        + Base64.getMimeEncoder().encodeToString(SIGNING.getPublic().getEncoded())
        + "\n-----END PUBLIC KEY-----\n";
  }

  /** A token the server trusts: right issuer and audience, valid for five minutes. */
  public static Token token(String subject, String... groups) {
    return new Token(subject, groups);
  }

  /** A bearer token under construction; each setter spoils one property a test wants refused. */
  public static final class Token {
    private final JsonObjectBuilder claims = Json.createObjectBuilder();
    private PrivateKey key = SIGNING.getPrivate();

    private Token(String subject, String... groups) {
      var now = Instant.now();
      var list = Json.createArrayBuilder();
      for (var group : groups) {
        list.add(group);
      }
      claims
          .add("iss", ISSUER)
          .add("aud", AUDIENCE)
          .add("upn", subject)
          .add("sub", subject)
          .add("groups", list)
          .add("iat", now.getEpochSecond())
          .add("exp", now.plus(Duration.ofMinutes(5)).getEpochSecond())
          .add("jti", Long.toHexString(RANDOM.nextLong()));
    }

    public Token issuer(String issuer) {
      claims.add("iss", issuer);
      return this;
    }

    public Token audience(String audience) {
      claims.add("aud", audience);
      return this;
    }

    /** With {@code name} set to {@code value}, in place of what the token had. */
    public Token claim(String name, String value) {
      claims.add(name, value);
      return this;
    }

    /** Without the claim {@code name}. */
    public Token without(String name) {
      claims.remove(name);
      return this;
    }

    public Token expiredAt(Instant expiry) {
      claims.add("iat", expiry.minus(Duration.ofMinutes(5)).getEpochSecond());
      claims.add("exp", expiry.getEpochSecond());
      return this;
    }

    /** Signed by a key the server does not trust. */
    public Token signedByStranger() {
      key = rsaKeyPair().getPrivate();
      return this;
    }

    /** The {@code Authorization} header value carrying this token. */
    public String bearer() {
      return "Bearer " + compact();
    }

    public String compact() {
      var encoder = Base64.getUrlEncoder().withoutPadding();
      var header =
          Json.createObjectBuilder().add("alg", "RS256").add("typ", "JWT").build().toString();
      var signingInput =
          encoder.encodeToString(header.getBytes(StandardCharsets.UTF_8))
              + "."
              + encoder.encodeToString(claims.build().toString().getBytes(StandardCharsets.UTF_8));
      try {
        var signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(key);
        signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
        return signingInput + "." + encoder.encodeToString(signature.sign());
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private static String randomPassword() {
    var bytes = new byte[18];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static KeyPair rsaKeyPair() {
    try {
      var generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048, RANDOM);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A password of the server the README's run command started: the environment variable {@code env}
   * when set, else the file the server generated under its output directory ({@code
   * -D<fileProperty>} names another, relative to the checkout by default).
   */
  public static String ofRunningServer(String env, String fileProperty, String generatedFile) {
    var password = System.getenv(env);
    if (password != null && !password.isBlank()) {
      return password;
    }
    // The run command's server keeps its data in REVEILLE_DATA_DIR, by default ~/.reveille.
    var dataDir =
        Optional.ofNullable(System.getenv("REVEILLE_DATA_DIR"))
            .filter(dir -> !dir.isBlank())
            .orElse(System.getProperty("user.home") + "/.reveille");
    var file =
        java.nio.file.Path.of(System.getProperty(fileProperty, dataDir + "/" + generatedFile));
    try {
      return java.nio.file.Files.readString(file).strip();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(
          "set " + env + " or -D" + fileProperty + ": cannot read " + file, e);
    }
  }
}
