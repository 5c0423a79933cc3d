package io.reveille.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/** Nearest-rank percentiles of measured values, for the load drivers' reports. */
final class Percentiles {

  private final List<Long> sorted;

  Percentiles(Collection<Long> values) {
    sorted = new ArrayList<>(values);
    Collections.sort(sorted);
  }

  boolean isEmpty() {
    return sorted.isEmpty();
  }

  int count() {
    return sorted.size();
  }

  /** The {@code p}th percentile, nearest rank. */
  long at(int p) {
    var index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  long max() {
    return sorted.get(sorted.size() - 1);
  }
}
