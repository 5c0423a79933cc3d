package io.reveille.testing.suite;

import io.reveille.taskagent.control.ModelITConfigSource;
import io.reveille.testing.Deployments;
import io.reveille.testing.SecurityITConfigSource;
import io.reveille.testing.TestIdentities;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.asset.FileAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The one archive every integration-test class runs against ({@link OneDeploymentLifecycle}): the
 * real WAR the build produced, plus the compiled test classes (so in-container tests can be
 * injected and run inside the server) and the configuration that points agents with a {@code
 * config.modelId} at the local OpenAI-protocol server ({@link ModelITConfigSource}). Agents without
 * a model id keep the deterministic engine, so the model settings change nothing for other tests.
 * The users and the bearer-token issuer of this test run ({@link TestIdentities}) come along as a
 * properties file read by {@link SecurityITConfigSource}.
 *
 * <p>Benchmarks and load drivers stay out: they need libraries the server does not have.
 */
public final class SuiteDeployment {

  private SuiteDeployment() {}

  @Deployment
  public static WebArchive reveille() {
    var archive = Deployments.reveille();
    var classes = Path.of(System.getProperty("reveille.it.testClasses", "target/test-classes"));
    try (var files = Files.walk(classes)) {
      files
          .filter(Files::isRegularFile)
          .filter(file -> file.toString().endsWith(".class"))
          .filter(file -> !isExcluded(classes.relativize(file)))
          .forEach(
              file ->
                  archive.add(
                      new FileAsset(file.toFile()),
                      "WEB-INF/classes/" + classes.relativize(file).toString().replace('\\', '/')));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the test classes in " + classes, e);
    }
    var settings = new StringWriter();
    try {
      TestIdentities.serverSettings().store(settings, "users and token issuer of this test run");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return archive
        .addAsResource(new StringAsset(settings.toString()), SecurityITConfigSource.RESOURCE)
        .addAsResource(
            new StringAsset(
                ModelITConfigSource.class.getName()
                    + "\n"
                    + SecurityITConfigSource.class.getName()
                    + "\n"),
            "META-INF/services/" + ConfigSource.class.getName());
  }

  private static boolean isExcluded(Path relative) {
    var path = relative.toString().replace('\\', '/');
    return path.contains("/bench/")
        || path.startsWith("io/reveille/testing/suite/")
        || path.startsWith("io/reveille/testing/LibertyServer");
  }
}
