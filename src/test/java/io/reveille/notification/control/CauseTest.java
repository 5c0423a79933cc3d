package io.reveille.notification.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CauseTest {

  @Test
  void eachRunAddsAHopAndItsAgentToTheChain() {
    var first = Cause.NONE.next("a");
    var second = first.next("b");

    assertEquals(new Cause(1, List.of("a")), first);
    assertEquals(new Cause(2, List.of("a", "b")), second);
    assertTrue(second.passedThrough("a"));
    assertFalse(second.passedThrough("c"));
    assertTrue(Cause.NONE.isNone());
    assertFalse(first.isNone());
  }

  @Test
  void aLongChainKeepsItsLatestAgentsAndCountsEveryHop() {
    var cause = Cause.NONE;
    for (var i = 0; i < Cause.MAX_CHAIN + 5; i++) {
      cause = cause.next("agent-" + i);
    }

    assertEquals(Cause.MAX_CHAIN + 5, cause.hops());
    assertEquals(
        IntStream.range(5, Cause.MAX_CHAIN + 5).mapToObj(i -> "agent-" + i).toList(),
        cause.chain());
  }

  @Test
  void theDeeperOfTwoCausesWins() {
    var shallow = Cause.NONE.next("a");
    var deep = shallow.next("b");

    assertSame(deep, shallow.deeper(deep));
    assertSame(deep, deep.deeper(shallow));
    assertSame(shallow, shallow.deeper(Cause.NONE));
  }

  @Test
  void aChainCannotNameMoreAgentsThanHops() {
    assertThrows(IllegalArgumentException.class, () -> new Cause(1, List.of("a", "b")));
    assertThrows(IllegalArgumentException.class, () -> new Cause(-1, List.of()));
    assertThrows(IllegalArgumentException.class, () -> new Cause(Cause.MAX_HOPS + 1, List.of()));
  }

  @Test
  void theCausesOfRunsHereGoToTheChangesTheirAgentsMake() {
    var causes = new RunCauses();
    var woken = Cause.NONE.next("a");
    causes.enter("b", "run-1", woken);

    assertEquals(woken.next("b"), causes.ofChangeTo("b"));
    assertEquals(woken.next("b"), causes.ofChangeBy("b", Optional.of("run-1")));
    assertEquals(Cause.NONE, causes.ofChangeBy("b", Optional.of("tool-call:x")), "not its run");
    assertEquals(Cause.NONE, causes.ofChangeBy("b", Optional.empty()));
    assertEquals(Cause.NONE, causes.ofChangeTo("c"), "no run of c here");

    causes.leave("b", "run-0");
    assertEquals(woken.next("b"), causes.ofChangeTo("b"), "another run's leave changes nothing");
    causes.leave("b", "run-1");
    assertEquals(Cause.NONE, causes.ofChangeTo("b"));
  }
}
