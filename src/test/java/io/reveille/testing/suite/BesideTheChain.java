package io.reveille.testing.suite;

import java.time.Duration;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For a black-box class that runs beside the chain of Arquillian classes, on their one deployment,
 * rather than in it ({@code @Execution(CONCURRENT)}): its tests mostly wait — a timer falling due,
 * a throttle window, a container timeout — so in the chain they only made the chain longer. Before
 * the class's first test it waits until the suite's deployment is up ({@link SuiteDeploymentGate});
 * a run without Arquillian classes deploys nothing, and such a class then fails at once and says
 * what to run it with.
 *
 * <p>A class beside the chain shares the server with whatever the chain runs meanwhile: it builds
 * its own world and holds {@link #DATABASE} for reading, which the one chain class that stops the
 * database takes for writing.
 */
public class BesideTheChain implements BeforeAllCallback {

  /** The suite server's database, as a JUnit resource lock. */
  public static final String DATABASE = "reveille-it-database";

  /** Longer than the deployment ever took on the reference machine (under a minute). */
  private static final Duration DEPLOYMENT = Duration.ofMinutes(5);

  @Override
  public void beforeAll(ExtensionContext context) {
    if (!SuiteDeploymentGate.isExpected()) {
      throw new IllegalStateException(
          context.getRequiredTestClass().getSimpleName()
              + " runs on the deployment of the Arquillian classes: run it with one of them, e.g."
              + " -Dit.test='"
              + context.getRequiredTestClass().getSimpleName()
              + ",ApiContractIT'");
    }
    if (!SuiteDeploymentGate.awaitDeployment(DEPLOYMENT)) {
      throw new IllegalStateException("The suite's deployment was not up within " + DEPLOYMENT);
    }
  }
}
