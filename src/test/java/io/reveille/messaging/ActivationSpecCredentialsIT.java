package io.reveille.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.IncidentDump;
import jakarta.jms.ConnectionFactory;
import java.lang.reflect.Array;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import javax.naming.InitialContext;
import javax.transaction.xa.XAResource;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The broker password stays out of what Liberty's FFDC incidents print (the reporting object three
 * fields deep): the activation specs of the running server's message-driven beans hold none of
 * their own, yet their sessions are up, logged in with the adapter's, and both beans receive
 * messages; an incident dumping a message endpoint (a delivery that failed), which holds no XA
 * resource since no bean takes its deliveries in a transaction, or the transaction manager's
 * wrapper of the recovery resource (a branch a crash left in doubt) would not reach the password
 * Artemis's client session keeps.
 *
 * <p>The specs and endpoints are reached the way the adapter keeps them: the connection factory's
 * resource adapter, its endpoint activations and their message handlers, by reflection, since the
 * application does not see the adapter's classes.
 */
@ExtendWith(ArquillianExtension.class)
class ActivationSpecCredentialsIT {

  @Test
  void theMessageDrivenBeansActivationSpecsHoldNoPasswordAndAreConnected() throws Exception {
    var factory = (ConnectionFactory) new InitialContext().lookup("jms/reveille/ConnectionFactory");
    var adapter = call(factory, "getResourceAdapter");
    var activations = (Map<?, ?>) call(adapter, "getActivations");
    assertTrue(
        activations.size() >= 2,
        "one activation per message-driven bean, found " + activations.size());

    for (var entry : activations.entrySet()) {
      var spec = entry.getKey();
      var password = (String) call(spec, "getPassword");
      assertNotNull(password, "the spec answers the adapter's password");
      assertNull(call(spec, "getOwnPassword"), "a spec's own password, in " + spec);
      assertEquals(List.of(), IncidentDump.pathsTo(password, spec, 1), "fields of " + spec);

      var activation = entry.getValue();
      var deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (!sessionsUp(activation)) {
        assertTrue(System.nanoTime() < deadline, "no session of " + activation + " came up");
        Thread.sleep(100);
      }
    }
  }

  @Test
  void anIncidentAboutADeliveryOrARecoveredBranchWouldNotPrintTheBrokerPassword() throws Exception {
    var factory = (ConnectionFactory) new InitialContext().lookup("jms/reveille/ConnectionFactory");
    var adapter = call(factory, "getResourceAdapter");
    var activations = (Map<?, ?>) call(adapter, "getActivations");
    var password = (String) call(activations.keySet().iterator().next(), "getPassword");
    assertNotNull(password);

    var endpoints = 0;
    var transacted = 0;
    for (var activation : activations.values()) {
      for (var handler : (List<?>) field(activation, "handlers")) {
        var endpoint = field(handler, "endpoint");
        var dumped =
            Proxy.isProxyClass(endpoint.getClass())
                ? Proxy.getInvocationHandler(endpoint)
                : endpoint;
        assertTrue(
            isA(dumped, "com.ibm.ws.ejbcontainer.mdb.MessageEndpointBase"),
            "afterDelivery's incident dumps a MessageEndpointBase, here " + dumped.getClass());
        assertEquals(
            List.of(), IncidentDump.pathsTo(password, dumped, IncidentDump.DEPTH), "endpoint");
        endpoints++;
        // No bean takes its deliveries in an XA transaction (the intake commits the database
        // alone, then the adapter acknowledges), so no endpoint holds the session as its XA
        // resource for an incident to reach.
        assertFalse(
            (Boolean) call(activation, "isDeliveryTransacted"),
            "a delivery in an XA transaction: " + activation);
        assertNull(field(dumped, "ivXAResource"), "the endpoint's XA resource");
      }
    }
    assertTrue(endpoints >= 3, "an endpoint per session, found " + endpoints);

    // The transaction manager's incident dumps its own wrapper, which holds the adapter's
    // recovery resource: that resource's fields start a level down. Scanning once connects it.
    var recovery = ((XAResource[]) recoveryResources(adapter, activations.keySet()))[0];
    recovery.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN);
    assertEquals(
        List.of(),
        IncidentDump.pathsTo(password, recovery, IncidentDump.DEPTH - 1),
        "recovery resource");
    assertFalse(IncidentDump.pathsTo(password, recovery, IncidentDump.DEPTH).isEmpty());
  }

  @Test
  @RunAsClient
  void bothMessageDrivenBeansStillReceiveMessages() {
    var api = new Api();
    var agents = new Agents(api);
    agents.passThroughTheNotificationQueue();
    assertFalse(
        agents.awaitManualWake(agents.createCustom("Woken with the adapter's login")).isEmpty());
  }

  /** Whether the activation has its sessions, which it gets only once logged in. */
  private static boolean sessionsUp(Object activation) throws Exception {
    var handlers = (List<?>) field(activation, "handlers");
    for (var handler : handlers) {
      if (field(handler, "session") == null) {
        return false;
      }
    }
    return !handlers.isEmpty();
  }

  private static Object call(Object target, String method) throws Exception {
    return target.getClass().getMethod(method).invoke(target);
  }

  /**
   * The adapter's {@code getXAResources(ActivationSpec[])}, as the transaction manager calls it.
   */
  private static Object recoveryResources(Object adapter, Collection<?> specs) throws Exception {
    for (var method : adapter.getClass().getMethods()) {
      if (method.getName().equals("getXAResources") && method.getParameterCount() == 1) {
        var array = Array.newInstance(method.getParameterTypes()[0].getComponentType(), 0);
        return method.invoke(adapter, (Object) specs.toArray((Object[]) array));
      }
    }
    throw new NoSuchMethodException("getXAResources in " + adapter.getClass());
  }

  private static Object field(Object target, String name) throws Exception {
    for (var type = target.getClass(); type != null; type = type.getSuperclass()) {
      for (var field : type.getDeclaredFields()) {
        if (field.getName().equals(name)) {
          field.setAccessible(true);
          return field.get(target);
        }
      }
    }
    throw new NoSuchFieldException(name + " in " + target.getClass());
  }

  private static boolean isA(Object object, String className) {
    for (var type = object.getClass(); type != null; type = type.getSuperclass()) {
      if (type.getName().equals(className)) {
        return true;
      }
    }
    return false;
  }
}
