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
    return ShrinkWrap.createFromZipFile(WebArchive.class, war);
  }
}
