package io.reveille.messaging.broker;

import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.beans.SimpleBeanInfo;
import java.util.Arrays;
import java.util.Set;

/**
 * The bean properties of {@link EmbeddedBrokerResourceAdapter} as Liberty sees them: all of them
 * but the broker login inherited from Artemis's adapter ({@code userName}, {@code password}).
 *
 * <p>Why: when Liberty configures an activation spec (or a connection factory), it fills every
 * writable property the spec has not configured with the value of the adapter's property of the
 * same name, read through the adapter's bean info ({@code BootstrapContextImpl.configure}).
 * Artemis's {@code ActiveMQActivationSpec} has {@code userName} and {@code password}, so the
 * adapter's login would be copied into every spec, and from there into the FFDC incidents that dump
 * a message endpoint field by field (a delivery whose commit fails). Hidden here, nothing is
 * copied; the spec's {@code getUser()} and {@code getPassword()} fall back to the adapter's when
 * the spec has none of its own, which is what Artemis uses to connect and to register recovery. The
 * login is configured as {@code serverUser} / {@code serverPassword} instead, names no spec has.
 *
 * <p>Found by the JavaBeans introspector by its name, beside the adapter class in the .rar.
 */
public class EmbeddedBrokerResourceAdapterBeanInfo extends SimpleBeanInfo {

  /** The adapter's properties Liberty must neither set from configuration nor copy to a spec. */
  static final Set<String> HIDDEN = Set.of("userName", "password");

  @Override
  public PropertyDescriptor[] getPropertyDescriptors() {
    try {
      return Arrays.stream(
              Introspector.getBeanInfo(
                      EmbeddedBrokerResourceAdapter.class, Introspector.IGNORE_ALL_BEANINFO)
                  .getPropertyDescriptors())
          .filter(property -> !HIDDEN.contains(property.getName()))
          .toArray(PropertyDescriptor[]::new);
    } catch (IntrospectionException e) {
      // Failing closed: without this answer the introspector would expose the password again.
      throw new IllegalStateException("cannot introspect the resource adapter", e);
    }
  }
}
