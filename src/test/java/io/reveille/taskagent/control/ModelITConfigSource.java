package io.reveille.taskagent.control;

import io.reveille.inference.control.OpenAiProtocolServer;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Points the deployment of {@link TaskAgentModelIT} at the local {@link OpenAiProtocolServer},
 * through the documented settings only, with a 1 s client timeout so that a slow answer times out
 * quickly. Registered by the test archive in {@code META-INF/services}.
 */
public class ModelITConfigSource implements ConfigSource {

  static final String BASE_URL = "reveille.inference.base-url";
  static final String GATEWAY = "io.reveille.inference.control.InferenceGateway/chat/";

  private static final Map<String, String> FIXED =
      Map.of(
          "reveille.inference.model",
          "test-model",
          "reveille.inference.timeout-seconds",
          "1",
          GATEWAY + "Retry/delay",
          "10",
          GATEWAY + "Retry/jitter",
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
    return "TaskAgentModelIT";
  }

  @Override
  public int getOrdinal() {
    return 500;
  }
}
