package io.reveille.messaging.broker;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.apache.activemq.artemis.service.extensions.xa.ActiveMQXAResourceWrapper;

/**
 * An XA resource of Artemis's, held one object further away from whoever holds this.
 *
 * <p>Why: Artemis's client session ({@code ClientSessionImpl}) keeps the login it connected with in
 * its fields, and Liberty's FFDC incidents print the object that reported a failure three fields
 * deep, unmasked. A message endpoint holds its XA resource, Artemis's wrapper holds the session,
 * and the session holds the password: three fields, so an incident about a delivery whose commit
 * failed printed the broker password; the transaction manager's incidents about a recovered branch
 * did the same through the recovery resource. Between the holder and Artemis's resource this adds
 * one object, and the session's fields fall a level below what an incident prints. Everything else
 * is delegated unchanged.
 */
public final class ArmsLengthXAResource implements ActiveMQXAResourceWrapper {

  private final XAResource resource;

  ArmsLengthXAResource(XAResource resource) {
    this.resource = resource;
  }

  @Override
  public void commit(Xid xid, boolean onePhase) throws XAException {
    resource.commit(xid, onePhase);
  }

  @Override
  public void end(Xid xid, int flags) throws XAException {
    resource.end(xid, flags);
  }

  @Override
  public void forget(Xid xid) throws XAException {
    resource.forget(xid);
  }

  @Override
  public int getTransactionTimeout() throws XAException {
    return resource.getTransactionTimeout();
  }

  @Override
  public boolean isSameRM(XAResource other) throws XAException {
    return resource.isSameRM(other instanceof ArmsLengthXAResource near ? near.resource : other);
  }

  @Override
  public int prepare(Xid xid) throws XAException {
    return resource.prepare(xid);
  }

  @Override
  public Xid[] recover(int flag) throws XAException {
    return resource.recover(flag);
  }

  @Override
  public void rollback(Xid xid) throws XAException {
    resource.rollback(xid);
  }

  @Override
  public boolean setTransactionTimeout(int seconds) throws XAException {
    return resource.setTransactionTimeout(seconds);
  }

  @Override
  public void start(Xid xid, int flags) throws XAException {
    resource.start(xid, flags);
  }

  @Override
  public String toString() {
    return "ArmsLengthXAResource[" + resource + "]";
  }
}
