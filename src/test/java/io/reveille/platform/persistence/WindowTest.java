package io.reveille.platform.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WindowTest {

  private static final List<Integer> SEVEN = IntStream.range(0, 7).boxed().toList();

  @Test
  void aWindowOfAListHoldsItsRowsAndKnowsWhetherMoreFollow() {
    var first = new Window(0, 3).of(SEVEN);
    assertEquals(List.of(0, 1, 2), first.items());
    assertTrue(first.more());
    assertEquals(Optional.of(new Window(3, 3)), first.next());

    var last = new Window(6, 3).of(SEVEN);
    assertEquals(List.of(6), last.items());
    assertFalse(last.more());
    assertEquals(Optional.empty(), last.next());

    var exact = new Window(4, 3).of(SEVEN);
    assertEquals(List.of(4, 5, 6), exact.items());
    assertFalse(exact.more(), "a page that ends the list has no next");

    var beyond = new Window(10, 3).of(SEVEN);
    assertEquals(List.of(), beyond.items());
    assertFalse(beyond.more());
  }

  @Test
  void walkingTheNextWindowsVisitsEveryRowOnce() {
    var seen = new java.util.ArrayList<Integer>();
    Optional<Window> window = Optional.of(new Window(0, 2));
    while (window.isPresent()) {
      var page = window.get().of(SEVEN);
      seen.addAll(page.items());
      window = page.next();
    }
    assertEquals(SEVEN, seen);
  }

  @Test
  void limitAndOffsetAreBounded() {
    assertEquals(Window.DEFAULT_LIMIT, Window.first().limit());
    assertEquals(0, Window.first().offset());
    new Window(Window.MAX_OFFSET, Window.MAX_LIMIT);
    assertEquals(
        "limit", assertThrows(InvalidInputException.class, () -> new Window(0, 0)).getField());
    assertEquals(
        "limit",
        assertThrows(InvalidInputException.class, () -> new Window(0, Window.MAX_LIMIT + 1))
            .getField());
    assertEquals(
        "offset", assertThrows(InvalidInputException.class, () -> new Window(-1, 10)).getField());
    assertEquals(
        "offset",
        assertThrows(InvalidInputException.class, () -> new Window(Window.MAX_OFFSET + 1, 10))
            .getField());
  }

  @Test
  void noNextWindowStartsBeyondTheLargestOffset() {
    var page = new Window(Window.MAX_OFFSET, 2).of(List.of(1, 2, 3));
    assertEquals(List.of(), page.items());
    var full = new Window.Page<>(List.of(1, 2), new Window(Window.MAX_OFFSET - 1, 2), true);
    assertEquals(Optional.empty(), full.next());
  }
}
