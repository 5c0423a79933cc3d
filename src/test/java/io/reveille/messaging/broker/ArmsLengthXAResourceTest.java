package io.reveille.messaging.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.IncidentDump;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.junit.jupiter.api.Test;

/**
 * The wrapper Artemis hands a message endpoint keeps the session, and with it the password, a level
 * below what an FFDC incident dumping the endpoint prints, and changes nothing else.
 */
class ArmsLengthXAResourceTest {

  private static final String PASSWORD = "session-secret-for-the-wrapper-test";

  /** Stands in for Artemis's client session, which keeps the login it connected with. */
  static final class Session implements XAResource {
    final String password = PASSWORD;
    final List<String> calls = new ArrayList<>();
    XAResource sameAs;

    @Override
    public void commit(Xid xid, boolean onePhase) {
      calls.add("commit " + onePhase);
    }

    @Override
    public void end(Xid xid, int flags) {
      calls.add("end " + flags);
    }

    @Override
    public void forget(Xid xid) {
      calls.add("forget");
    }

    @Override
    public int getTransactionTimeout() {
      return 42;
    }

    @Override
    public boolean isSameRM(XAResource other) {
      return other == sameAs;
    }

    @Override
    public int prepare(Xid xid) {
      calls.add("prepare");
      return XA_OK;
    }

    @Override
    public Xid[] recover(int flag) {
      calls.add("recover " + flag);
      return new Xid[0];
    }

    @Override
    public void rollback(Xid xid) {
      calls.add("rollback");
    }

    @Override
    public boolean setTransactionTimeout(int seconds) {
      calls.add("timeout " + seconds);
      return true;
    }

    @Override
    public void start(Xid xid, int flags) {
      calls.add("start " + flags);
    }
  }

  /** Stands in for the message endpoint that holds its XA resource. */
  record Endpoint(XAResource ivXAResource) {}

  @Test
  void anIncidentDumpingTheEndpointStopsShortOfTheSessionsPassword() {
    var session = new Session();
    var endpoint = new Endpoint(new ArmsLengthXAResourceFactory().wrap(session, Map.of()));

    assertEquals(List.of(), IncidentDump.pathsTo(PASSWORD, endpoint, IncidentDump.DEPTH));
    assertFalse(IncidentDump.pathsTo(PASSWORD, endpoint, IncidentDump.DEPTH + 1).isEmpty());
  }

  @Test
  void everyCallReachesTheSession() throws Exception {
    var session = new Session();
    var wrapped = new ArmsLengthXAResourceFactory().wrap(session, Map.of());

    wrapped.start(null, XAResource.TMNOFLAGS);
    wrapped.end(null, XAResource.TMSUCCESS);
    assertEquals(XAResource.XA_OK, wrapped.prepare(null));
    wrapped.commit(null, false);
    wrapped.rollback(null);
    wrapped.forget(null);
    wrapped.recover(XAResource.TMSTARTRSCAN);
    assertTrue(wrapped.setTransactionTimeout(30));
    assertEquals(42, wrapped.getTransactionTimeout());

    assertEquals(
        List.of(
            "start 0",
            "end " + XAResource.TMSUCCESS,
            "prepare",
            "commit false",
            "rollback",
            "forget",
            "recover " + XAResource.TMSTARTRSCAN,
            "timeout 30"),
        session.calls);
  }

  @Test
  void twoWrappersAreOneResourceManagerWhenTheirResourcesAre() throws Exception {
    var first = new Session();
    var inner = new Session();
    var second = new ArmsLengthXAResource(inner);
    first.sameAs = inner;

    assertTrue(new ArmsLengthXAResource(first).isSameRM(second));
    assertFalse(new ArmsLengthXAResource(first).isSameRM(new ArmsLengthXAResource(new Session())));
  }
}
