package io.reveille.testing;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The archive the integration tests deploy: the real WAR the build produced, so the tests exercise
 * exactly what users run.
 */
public final class Deployments {

  private Deployments() {}

  public static WebArchive reveille() {
    var war = new File(System.getProperty("reveille.it.war", "target/reveille.war"));
    if (!war.isFile()) {
      throw new IllegalStateException("Build the WAR first (mvn package): " + war);
    }
    var archive = ShrinkWrap.createFromZipFile(WebArchive.class, war);
    return withTestRunner(archive);
  }

  /**
   * The archive with Arquillian's test runner declared in its {@code web.xml}: the WAR scans no jar
   * of {@code WEB-INF/lib} for servlets ({@code <absolute-ordering/>}), so the runner's jar, which
   * declares it in a web fragment, would not be seen.
   */
  static WebArchive withTestRunner(WebArchive archive) {
    var node = archive.get("WEB-INF/web.xml");
    if (node == null) {
      return archive;
    }
    String webXml;
    try (var in = node.getAsset().openStream()) {
      webXml = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    var runner =
        "  <servlet>\n"
            + "    <servlet-name>ArquillianServletRunnerEE9</servlet-name>\n"
            + "    <servlet-class>org.jboss.arquillian.protocol.servlet5.runner.ServletTestRunner"
            + "</servlet-class>\n"
            + "  </servlet>\n"
            + "  <servlet-mapping>\n"
            + "    <servlet-name>ArquillianServletRunnerEE9</servlet-name>\n"
            + "    <url-pattern>/ArquillianServletRunnerEE9</url-pattern>\n"
            + "  </servlet-mapping>\n"
            + "</web-app>";
    archive.delete("WEB-INF/web.xml");
    archive.setWebXML(
        new org.jboss.shrinkwrap.api.asset.StringAsset(webXml.replace("</web-app>", runner)));
    return archive;
  }
}
