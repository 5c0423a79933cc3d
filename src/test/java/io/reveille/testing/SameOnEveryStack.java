package io.reveille.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An integration test whose outcome does not depend on the database and broker the environment
 * chooses: it drives a server of its own whose stack is fixed, or what it checks belongs to the
 * servlet container or the browser. The second pass of the integration tests ({@code
 * .ci/production-its}), which changes only the stack, skips the tag {@value #TAG}; each test says
 * beside the annotation why it is one of these.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(SameOnEveryStack.TAG)
public @interface SameOnEveryStack {

  /** The JUnit tag, for Failsafe's {@code excludedGroups} ({@code -Dit.excludedGroups}). */
  String TAG = "same-on-every-stack";
}
