package io.reveille.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/** Nearest-rank percentiles of measured values, for the load drivers' reports. */
public final class Percentiles {

  private final List<Long> sorted;

  public Percentiles(Collection<Long> values) {
    sorted = new ArrayList<>(values);
    Collections.sort(sorted);
  }

  public boolean isEmpty() {
    return sorted.isEmpty();
  }

  public int count() {
    return sorted.size();
  }

  /** The {@code p}th percentile, nearest rank. */
  public long at(int p) {
    var index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  public long max() {
    return sorted.get(sorted.size() - 1);
  }
}
