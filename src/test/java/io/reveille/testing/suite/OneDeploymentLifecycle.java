package io.reveille.testing.suite;

import java.util.logging.Logger;
import org.jboss.arquillian.container.spi.client.deployment.DeploymentScenario;
import org.jboss.arquillian.container.spi.event.DeployManagedDeployments;
import org.jboss.arquillian.container.spi.event.UnDeployManagedDeployments;
import org.jboss.arquillian.container.test.impl.client.deployment.event.GenerateDeployment;
import org.jboss.arquillian.core.api.Event;
import org.jboss.arquillian.core.api.Instance;
import org.jboss.arquillian.core.api.InstanceProducer;
import org.jboss.arquillian.core.api.annotation.Inject;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.EventContext;
import org.jboss.arquillian.test.spi.TestClass;
import org.jboss.arquillian.test.spi.annotation.ClassScoped;
import org.jboss.arquillian.test.spi.context.ClassContext;
import org.jboss.arquillian.test.spi.event.suite.AfterSuite;
import org.jboss.arquillian.test.spi.event.suite.BeforeSuite;

/**
 * Deploys the integration tests' application once per test run instead of once per test class.
 *
 * <p>Arquillian generates, deploys and undeploys a scenario for every test class. Deploying the
 * real WAR (Hibernate, the MDBs, the timers) costs 10–15 s on a 2-core machine, which made the
 * deployments most of the integration tests' time. This observer generates the scenario of {@link
 * SuiteDeployment} once, before the first class, hands that same scenario to every test class
 * instead of generating one from the class, lets only the first deployment through and the last
 * undeployment (after the last class, before the container stops). Test classes therefore declare
 * no {@code @Deployment} of their own, and share one application: each builds its own world (its
 * own category, agents and subscriptions) and asserts only on it.
 */
public class OneDeploymentLifecycle {

  private static final Logger LOG = Logger.getLogger(OneDeploymentLifecycle.class.getName());

  @Inject private Instance<ClassContext> classContext;

  @Inject @ClassScoped private InstanceProducer<DeploymentScenario> classScenario;

  @Inject private Event<GenerateDeployment> generate;

  @Inject private Event<UnDeployManagedDeployments> undeploy;

  private DeploymentScenario scenario;
  private boolean deployed;
  private boolean undeploying;

  /**
   * Before the container starts (a higher precedence than Arquillian's own BeforeSuite handling):
   * the OTLP receiver the test server exports its traces to.
   */
  public void startTraceReceiver(@Observes(precedence = 1000) BeforeSuite event) {
    io.reveille.testing.OtlpReceiver.shared();
  }

  /** After the container started: the one scenario, generated in the scope of its own class. */
  public void generateOnce(@Observes(precedence = -100) BeforeSuite event) {
    inSuiteClassScope(
        () -> {
          generate.fire(new GenerateDeployment(new TestClass(SuiteDeployment.class)));
          scenario = classScenario.get();
        });
    LOG.info("One deployment for all integration tests: " + scenario.deployments());
  }

  /** Every test class gets the one scenario rather than one generated from its own annotations. */
  public void shareScenario(@Observes EventContext<GenerateDeployment> context) {
    if (scenario == null) {
      context.proceed();
    } else {
      classScenario.set(scenario);
    }
  }

  public void deployOnce(@Observes EventContext<DeployManagedDeployments> context) {
    if (!deployed) {
      deployed = true;
      try {
        context.proceed();
      } finally {
        SuiteDeploymentGate.open();
      }
    }
  }

  public void undeployAtTheEnd(@Observes EventContext<UnDeployManagedDeployments> context) {
    if (undeploying) {
      context.proceed();
    }
  }

  /** Before the container stops (a higher precedence than Arquillian's own AfterSuite handling). */
  public void undeploy(@Observes(precedence = 100) AfterSuite event) {
    if (!deployed) {
      return;
    }
    undeploying = true;
    inSuiteClassScope(() -> undeploy.fire(new UnDeployManagedDeployments()));
  }

  private void inSuiteClassScope(Runnable action) {
    var context = classContext.get();
    context.activate(SuiteDeployment.class);
    try {
      action.run();
    } finally {
      context.deactivate();
    }
  }
}
