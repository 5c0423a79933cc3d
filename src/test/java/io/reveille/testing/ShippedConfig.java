package io.reveille.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The MicroProfile Config properties the WAR ships, as a unit test reads them. */
public final class ShippedConfig {

  private static final String RESOURCE = "/META-INF/microprofile-config.properties";

  private ShippedConfig() {}

  /** Every property of the shipped {@code microprofile-config.properties}. */
  public static Properties properties() {
    var shipped = new Properties();
    try (var in = ShippedConfig.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is not on the class path");
      }
      shipped.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return shipped;
  }
}
