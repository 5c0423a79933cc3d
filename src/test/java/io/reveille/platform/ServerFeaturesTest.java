package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/**
 * The server a user runs (src/main/liberty/config/server.xml) offers no JMX connector: with {@code
 * localConnector} any process of the server's account could attach and drive the server, with
 * {@code restConnector} a remote client. Only the integration tests' own copy adds one.
 */
class ServerFeaturesTest {

  @Test
  void theDefaultServerHasNoJmxConnector() throws Exception {
    var features = features(projectRoot().resolve("src/main/liberty/config/server.xml"));
    assertTrue(features.contains("mphealth-4.0"), () -> "the features were read: " + features);
    assertFalse(
        features.stream().anyMatch(f -> f.startsWith("localconnector-")),
        () -> "localConnector in " + features);
    assertFalse(
        features.stream().anyMatch(f -> f.startsWith("restconnector-")),
        () -> "restConnector in " + features);
  }

  private static List<String> features(Path serverXml) throws Exception {
    var factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    var document = factory.newDocumentBuilder().parse(serverXml.toFile());
    var nodes = document.getElementsByTagName("feature");
    var features = new ArrayList<String>();
    for (int i = 0; i < nodes.getLength(); i++) {
      features.add(nodes.item(i).getTextContent().strip().toLowerCase(Locale.ROOT));
    }
    return features;
  }

  private static Path projectRoot() {
    for (var dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("pom.xml"))
          && Files.isRegularFile(dir.resolve("src/main/liberty/config/server.xml"))) {
        return dir;
      }
    }
    throw new AssertionError("no project root above " + Path.of("").toAbsolutePath());
  }
}
