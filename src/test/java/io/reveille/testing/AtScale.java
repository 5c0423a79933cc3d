package io.reveille.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An integration test whose subject is volume, and whose time goes mostly to producing it: another
 * test checks the same paths on the stack at a smaller scale, so the second pass of the integration
 * tests ({@code .ci/production-its}) skips the tag {@value #TAG}; each test names beside the
 * annotation the test that covers it there.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(AtScale.TAG)
public @interface AtScale {

  /** The JUnit tag, for Failsafe's {@code excludedGroups} ({@code -Dit.excludedGroups}). */
  String TAG = "scale";
}
