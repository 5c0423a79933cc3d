package io.reveille.schedule.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Derby's claim pads its list of timers, so that its statement's text repeats by size class. */
class AlarmClaimsTest {

  @Test
  void aListIsPaddedWithItsLastToTheNextPowerOfTwo() {
    assertEquals(List.of("a"), AlarmClaims.padded(List.of("a")));
    assertEquals(List.of("a", "b"), AlarmClaims.padded(List.of("a", "b")));
    assertEquals(List.of("a", "b", "c", "c"), AlarmClaims.padded(List.of("a", "b", "c")));
    assertEquals(List.of("a", "b", "c", "d"), AlarmClaims.padded(List.of("a", "b", "c", "d")));
    assertEquals(8, AlarmClaims.padded(ids(5)).size());
    assertEquals(32, AlarmClaims.padded(ids(25)).size());
    assertEquals(128, AlarmClaims.padded(ids(100)).size());
    assertEquals(128, AlarmClaims.padded(ids(128)).size());
    var padded = AlarmClaims.padded(ids(100));
    assertEquals(ids(100), padded.subList(0, 100), "the ids first, in their order");
    assertEquals(List.of("t99"), padded.subList(100, 128).stream().distinct().toList());
  }

  private static List<String> ids(int count) {
    return IntStream.range(0, count).mapToObj(i -> "t" + i).toList();
  }
}
