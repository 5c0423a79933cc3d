package io.reveille.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Inside the test server: the users and the token issuer {@link TestIdentities} made for this test
 * run, read from the properties file the test deployment carries ({@value #RESOURCE}). Registered
 * by the test archive in {@code META-INF/services}.
 */
public class SecurityITConfigSource implements ConfigSource {

  public static final String RESOURCE = "reveille-it-security.properties";

  private final Map<String, String> values = load();

  private static Map<String, String> load() {
    var properties = new Properties();
    try (var in = SecurityITConfigSource.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.stringPropertyNames().stream()
        .collect(Collectors.toUnmodifiableMap(name -> name, properties::getProperty));
  }

  @Override
  public Set<String> getPropertyNames() {
    return values.keySet();
  }

  @Override
  public String getValue(String propertyName) {
    return values.get(propertyName);
  }

  @Override
  public String getName() {
    return "SecurityITConfigSource";
  }

  @Override
  public int getOrdinal() {
    return 500;
  }
}
