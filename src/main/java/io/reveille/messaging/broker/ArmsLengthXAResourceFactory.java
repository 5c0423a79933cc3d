package io.reveille.messaging.broker;

import java.util.Map;
import javax.transaction.xa.XAResource;
import org.apache.activemq.artemis.service.extensions.xa.ActiveMQXAResourceWrapper;
import org.apache.activemq.artemis.service.extensions.xa.ActiveMQXAResourceWrapperFactory;
import org.apache.activemq.artemis.service.extensions.xa.ActiveMQXAResourceWrapperImpl;

/**
 * Wraps the XA resource Artemis's adapter hands each message endpoint as Artemis does, then once
 * more at arm's length ({@link ArmsLengthXAResource}), so that an FFDC incident dumping the
 * endpoint stops short of the session's password.
 *
 * <p>Artemis finds its wrapper factory with {@link java.util.ServiceLoader} in the adapter's class
 * loader; the .rar's {@code reveille-broker.jar} names this one.
 */
public final class ArmsLengthXAResourceFactory implements ActiveMQXAResourceWrapperFactory {

  @Override
  public ActiveMQXAResourceWrapper wrap(XAResource resource, Map<String, Object> properties) {
    return new ArmsLengthXAResource(new ActiveMQXAResourceWrapperImpl(resource, properties));
  }
}
