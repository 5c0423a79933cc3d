package io.reveille.testing.suite;

import java.util.Arrays;
import java.util.Optional;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Tells {@link SuiteDeploymentGate}, before any class runs, whether the run has Arquillian classes
 * (and so the suite's deployment is coming). Registered for the JUnit Platform launcher in {@code
 * META-INF/services}; in a run without such classes (unit tests, a restart class alone) it leaves
 * the gate open.
 */
public class SuitePlanListener implements TestExecutionListener {

  @Override
  public void testPlanExecutionStarted(TestPlan plan) {
    var arquillian =
        plan.getRoots().stream()
            .flatMap(root -> plan.getDescendants(root).stream())
            .map(TestIdentifier::getSource)
            .flatMap(Optional::stream)
            .filter(ClassSource.class::isInstance)
            .map(source -> ((ClassSource) source).getJavaClass())
            .anyMatch(SuitePlanListener::usesArquillian);
    if (arquillian) {
      SuiteDeploymentGate.expect();
    }
  }

  private static boolean usesArquillian(Class<?> testClass) {
    return AnnotationSupport.findRepeatableAnnotations(testClass, ExtendWith.class).stream()
        .flatMap(extendWith -> Arrays.stream(extendWith.value()))
        .anyMatch(ArquillianExtension.class::equals);
  }
}
