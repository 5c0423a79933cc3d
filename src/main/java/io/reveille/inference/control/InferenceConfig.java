package io.reveille.inference.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Inference settings (docs/operations.md, configuration: reveille.inference.*). Endpoint and model
 * are optional because Reveille runs without a model; a call then fails with {@link
 * InferenceUnavailableException} instead of pretending. The API key comes from {@code
 * reveille.inference.api-key} (an environment variable, normally) or from the file {@code
 * reveille.inference.api-key-file} names (a mounted secret); it is never logged and {@link
 * #toString()} masks it.
 */
@ApplicationScoped
public class InferenceConfig {

  static final String UNCONFIGURED =
      "no inference endpoint configured: set reveille.inference.base-url and"
          + " reveille.inference.model";

  private Optional<URI> baseUrl;
  private Optional<String> model;
  private Optional<String> apiKey;
  private Duration timeout;
  private int maxTurns;

  InferenceConfig() {}

  @Inject
  InferenceConfig(
      @ConfigProperty(name = "reveille.inference.base-url") Optional<String> baseUrl,
      @ConfigProperty(name = "reveille.inference.model") Optional<String> model,
      @ConfigProperty(name = "reveille.inference.api-key") Optional<String> apiKey,
      @ConfigProperty(name = "reveille.inference.api-key-file") Optional<String> apiKeyFile,
      @ConfigProperty(name = "reveille.inference.timeout-seconds", defaultValue = "60")
          long timeoutSeconds,
      @ConfigProperty(name = "reveille.inference.max-turns", defaultValue = "8") int maxTurns) {
    this(
        baseUrl,
        model,
        apiKey,
        apiKeyFile.filter(p -> !p.isBlank()).map(Path::of),
        Duration.ofSeconds(timeoutSeconds),
        maxTurns);
  }

  public InferenceConfig(
      Optional<String> baseUrl,
      Optional<String> model,
      Optional<String> apiKey,
      Optional<Path> apiKeyFile,
      Duration timeout,
      int maxTurns) {
    this.baseUrl = baseUrl.map(String::strip).filter(s -> !s.isEmpty()).map(InferenceConfig::uri);
    this.model = model.map(String::strip).filter(s -> !s.isEmpty());
    var key = apiKey.map(String::strip).filter(s -> !s.isEmpty());
    if (key.isEmpty() && apiKeyFile.isPresent()) {
      key = Optional.of(readKey(apiKeyFile.get())).filter(s -> !s.isEmpty());
    }
    this.apiKey = key;
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(
          "reveille.inference.timeout-seconds must be between 1 and 3600, was "
              + timeout.toSeconds());
    }
    this.timeout = timeout;
    if (maxTurns < 1 || maxTurns > 100) {
      throw new IllegalArgumentException(
          "reveille.inference.max-turns must be between 1 and 100, was " + maxTurns);
    }
    this.maxTurns = maxTurns;
  }

  /** The endpoint's base URL; chat completions are posted to {@code {baseUrl}/chat/completions}. */
  public Optional<URI> baseUrl() {
    return baseUrl;
  }

  public Optional<String> model() {
    return model;
  }

  /** Package-private: only the client that sends it reads the key. */
  Optional<String> apiKey() {
    return apiKey;
  }

  /** Whether base URL and model are both set. */
  public boolean isConfigured() {
    return baseUrl.isPresent() && model.isPresent();
  }

  /** How long one HTTP exchange may take. */
  public Duration timeout() {
    return timeout;
  }

  /** The most model turns one wake may take before it stops. */
  public int maxTurns() {
    return maxTurns;
  }

  @Override
  public String toString() {
    return "InferenceConfig[baseUrl="
        + baseUrl.map(URI::toString).orElse("(unset)")
        + ", model="
        + model.orElse("(unset)")
        + ", apiKey="
        + (apiKey.isPresent() ? "****" : "(unset)")
        + ", timeout="
        + timeout
        + ", maxTurns="
        + maxTurns
        + "]";
  }

  private static URI uri(String value) {
    var trimmed = value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    URI uri;
    try {
      uri = URI.create(trimmed);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("reveille.inference.base-url is not a URL: " + value, e);
    }
    if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
      throw new IllegalArgumentException(
          "reveille.inference.base-url must be an http(s) URL, was " + value);
    }
    return uri;
  }

  /** The file's content, stripped; the path is named on failure, the content never. */
  private static String readKey(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new InferenceUnavailableException(
          "cannot read the API key file named by reveille.inference.api-key-file: " + file);
    }
  }
}
