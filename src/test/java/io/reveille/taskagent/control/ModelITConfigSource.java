package io.reveille.taskagent.control;

import io.reveille.inference.control.OpenAiProtocolServer;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Points the integration tests' deployment at the local {@link OpenAiProtocolServer}, through the
 * documented settings only: agents with a {@code config.modelId} think with the scripted server. A
 * 1 s client timeout lets a slow answer time out quickly, and a 2 s circuit-breaker delay keeps a
 * circuit one test class opened on purpose from failing the next class's calls for long. Registered
 * by the test archive in {@code META-INF/services}.
 */
public class ModelITConfigSource implements ConfigSource {

  static final String BASE_URL = "reveille.inference.base-url";
  static final String GATEWAY = "io.reveille.inference.control.InferenceGateway/chat/";
  static final String SUMMARY = "io.reveille.memory.control.ModelSummary/summarise/";

  private static final Map<String, String> FIXED =
      Map.of(
          "reveille.inference.model",
          "test-model",
          "reveille.inference.timeout-seconds",
          "1",
          GATEWAY + "Retry/delay",
          "10",
          GATEWAY + "Retry/jitter",
          "0",
          GATEWAY + "CircuitBreaker/delay",
          "2000",
          SUMMARY + "Retry/delay",
          "10",
          SUMMARY + "Retry/jitter",
          "0");

  /**
   * Adds the local model server and this configuration to a test archive: its agents with a {@code
   * config.modelId} then think with the scripted server.
   */
  public static org.jboss.shrinkwrap.api.spec.WebArchive withModelServer(
      org.jboss.shrinkwrap.api.spec.WebArchive archive) {
    return archive
        .addClasses(
            OpenAiProtocolServer.class,
            OpenAiProtocolServer.Answer.class,
            ModelITConfigSource.class)
        .addAsResource(
            new org.jboss.shrinkwrap.api.asset.StringAsset(
                ModelITConfigSource.class.getName() + "\n"),
            "META-INF/services/" + ConfigSource.class.getName());
  }

  @Override
  public Set<String> getPropertyNames() {
    var names = new HashSet<>(FIXED.keySet());
    names.add(BASE_URL);
    return names;
  }

  @Override
  public String getValue(String propertyName) {
    return BASE_URL.equals(propertyName)
        ? OpenAiProtocolServer.shared().baseUrl()
        : FIXED.get(propertyName);
  }

  @Override
  public String getName() {
    return "ModelITConfigSource";
  }

  @Override
  public int getOrdinal() {
    return 500;
  }
}
