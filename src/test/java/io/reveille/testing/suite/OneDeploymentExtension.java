package io.reveille.testing.suite;

import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Registers {@link OneDeploymentLifecycle} with Arquillian on the test client (through {@code
 * META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension}): every integration-test class
 * runs against the one archive of {@link SuiteDeployment}, deployed once per test run.
 */
public class OneDeploymentExtension implements LoadableExtension {

  @Override
  public void register(ExtensionBuilder builder) {
    builder.observer(OneDeploymentLifecycle.class);
  }
}
