package io.reveille.messaging.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.activemq.artemis.ra.inflow.ActiveMQActivationSpec;
import org.junit.jupiter.api.Test;

/**
 * The broker login stays on the adapter: configuring an activation spec the way Liberty does (every
 * writable spec property not configured on the spec takes the adapter's property of the same name,
 * read through the adapter's bean info) copies no credential onto it, and the spec still answers
 * the adapter's login.
 */
class EmbeddedBrokerResourceAdapterBeanInfoTest {

  private static final String SERVER_PASSWORD = "server-secret-for-the-spec-test";
  private static final String PRODUCER_PASSWORD = "producer-secret-for-the-spec-test";

  @Test
  void anActivationSpecConfiguredFromTheAdapterHoldsNoCredentialYetAnswersTheAdapters()
      throws Exception {
    var adapter = new EmbeddedBrokerResourceAdapter();
    adapter.setServerUser("reveille-server");
    adapter.setServerPassword(SERVER_PASSWORD);
    adapter.setProducerUser("feeder");
    adapter.setProducerPassword(PRODUCER_PASSWORD);
    adapter.setConnectionParameters("host=127.0.0.1;port=61616");
    var spec = new ActiveMQActivationSpec();
    spec.setResourceAdapter(adapter);

    var copied = configureLikeLiberty(spec, adapter);

    assertNull(spec.getOwnPassword(), "the spec holds no password of its own");
    assertFalse(copied.containsKey("password"), "copied: " + copied.keySet());
    assertFalse(copied.containsKey("userName"), "copied: " + copied.keySet());
    assertFalse(copied.containsValue(SERVER_PASSWORD), "copied: " + copied.keySet());
    assertFalse(copied.containsValue(PRODUCER_PASSWORD), "copied: " + copied.keySet());
    assertTrue(
        copied.containsKey("connectionParameters"), "the rest is copied as before: " + copied);
    assertEquals(SERVER_PASSWORD, spec.getPassword(), "the spec connects with the adapter's");
    assertEquals("reveille-server", spec.getUser());
  }

  @Test
  void theLoginIsConfiguredUnderNamesOnlyTheAdapterHas() throws Exception {
    var adapter = properties(EmbeddedBrokerResourceAdapter.class);
    var spec = properties(ActiveMQActivationSpec.class);

    assertFalse(adapter.containsKey("password"));
    assertFalse(adapter.containsKey("userName"));
    assertNotNull(adapter.get("serverPassword").getWriteMethod());
    assertNull(adapter.get("serverPassword").getReadMethod(), "nothing reads the password back");
    assertNotNull(adapter.get("serverUser").getWriteMethod());
    assertFalse(spec.containsKey("serverPassword"));
    assertFalse(spec.containsKey("serverUser"));
    assertTrue(spec.containsKey("password"), "Artemis's spec still has a password to fill");
  }

  /**
   * What Liberty's {@code BootstrapContextImpl.configure} does with a spec that has no
   * configuration of its own: returns the properties it copied, by name.
   */
  private static Map<String, Object> configureLikeLiberty(
      ActiveMQActivationSpec spec, EmbeddedBrokerResourceAdapter adapter) throws Exception {
    var fromAdapter = properties(EmbeddedBrokerResourceAdapter.class);
    var copied = new TreeMap<String, Object>();
    for (var property : properties(ActiveMQActivationSpec.class).values()) {
      var source = fromAdapter.get(property.getName());
      if (property.getWriteMethod() == null || source == null || source.getReadMethod() == null) {
        continue;
      }
      var value = source.getReadMethod().invoke(adapter);
      if (value != null && property.getPropertyType().isInstance(value)) {
        property.getWriteMethod().invoke(spec, value);
        copied.put(property.getName(), value);
      }
    }
    return copied;
  }

  private static Map<String, PropertyDescriptor> properties(Class<?> type) throws Exception {
    return Arrays.stream(Introspector.getBeanInfo(type).getPropertyDescriptors())
        .collect(Collectors.toMap(PropertyDescriptor::getName, Function.identity()));
  }
}
