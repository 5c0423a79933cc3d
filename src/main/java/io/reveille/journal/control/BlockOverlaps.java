package io.reveille.journal.control;

import io.reveille.platform.error.ConflictException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The day plan's rule that no two blocks overlap, checked over the plan's final state before any
 * change is applied. Blocks that touch (one ends when the next starts) do not overlap.
 */
final class BlockOverlaps {

  private BlockOverlaps() {}

  /** A block as it would be after the change; {@code label} names it in the error. */
  record Slot(String label, Instant start, Instant end) {}

  /** Every overlapping pair, each as "a (start–end) and b (start–end)". */
  static List<String> find(Collection<Slot> slots) {
    var sorted =
        slots.stream().sorted(Comparator.comparing(Slot::start).thenComparing(Slot::end)).toList();
    var overlaps = new ArrayList<String>();
    for (int i = 0; i < sorted.size(); i++) {
      var a = sorted.get(i);
      for (int j = i + 1; j < sorted.size() && sorted.get(j).start().isBefore(a.end()); j++) {
        overlaps.add(describe(a) + " and " + describe(sorted.get(j)));
      }
    }
    return overlaps;
  }

  /**
   * @throws ConflictException naming every overlapping pair
   */
  static void require(Collection<Slot> slots) {
    var overlaps = find(slots);
    if (!overlaps.isEmpty()) {
      throw new ConflictException(
          "blocks of a day plan must not overlap; nothing was changed. Overlapping: "
              + String.join("; ", overlaps));
    }
  }

  private static String describe(Slot slot) {
    return slot.label() + " (" + slot.start() + " to " + slot.end() + ")";
  }
}
