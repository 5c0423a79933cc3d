package io.reveille.inference.control;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Points the deployment of {@link InferenceGatewayIT} at {@link OpenAiProtocolServer} and shortens
 * the gateway's retry delay, through MicroProfile Config only, exactly as an operator would
 * configure a real endpoint. Registered by the test archive in {@code
 * META-INF/services/org.eclipse.microprofile.config.spi.ConfigSource}; the ordinal puts it above
 * microprofile-config.properties, environment and system properties.
 */
public class InferenceGatewayITConfigSource implements ConfigSource {

  static final String BASE_URL = "reveille.inference.base-url";
  static final String MODEL = "reveille.inference.model";
  static final String GATEWAY = "io.reveille.inference.control.InferenceGateway/chat/";

  private static final Map<String, String> FIXED =
      Map.of(
          MODEL,
          "test-model",
          "reveille.inference.timeout-seconds",
          "10",
          GATEWAY + "Retry/delay",
          "10",
          GATEWAY + "Retry/jitter",
          "0");

  @Override
  public Set<String> getPropertyNames() {
    var names = new java.util.HashSet<>(FIXED.keySet());
    names.add(BASE_URL);
    return names;
  }

  @Override
  public String getValue(String propertyName) {
    if (BASE_URL.equals(propertyName)) {
      return OpenAiProtocolServer.shared().baseUrl();
    }
    return FIXED.get(propertyName);
  }

  @Override
  public String getName() {
    return "InferenceGatewayIT";
  }

  @Override
  public int getOrdinal() {
    return 500;
  }
}
