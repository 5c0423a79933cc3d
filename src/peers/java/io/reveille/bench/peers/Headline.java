package io.reveille.bench.peers;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The one figure of a contender's row that the scenario's target is about (runs/s, seconds until
 * every run started, …), so that repetitions of the same invocation can be summed up as a median
 * and a spread.
 *
 * @param label the contender and its configuration: rows of the same label are the same measurement
 *     repeated
 * @param measure what the figure is, with its unit ("runs/s", "s until all started")
 * @param value the figure
 */
record Headline(String label, String measure, double value) {

  static String header() {
    return "| contender | measure | median | min – max | spread | runs |\n"
        + "| --- | --- | ---: | ---: | ---: | ---: |";
  }

  /**
   * One row per label, in the order labels first appear: the median of its values, the range and
   * the spread (max − min over the median).
   */
  static List<String> summary(List<Headline> headlines) {
    var byLabel = new LinkedHashMap<String, List<Headline>>();
    for (var headline : headlines) {
      byLabel.computeIfAbsent(headline.label(), label -> new ArrayList<>()).add(headline);
    }
    var lines = new ArrayList<String>();
    byLabel.forEach(
        (label, repeated) -> {
          var values = repeated.stream().map(Headline::value).sorted().toList();
          var median = median(values);
          var min = values.get(0);
          var max = values.get(values.size() - 1);
          lines.add(
              String.format(
                  "| %s | %s | %s | %s – %s | %s | %d |",
                  label,
                  repeated.get(0).measure(),
                  figure(median),
                  figure(min),
                  figure(max),
                  median == 0 ? "—" : String.format("%.0f%%", 100 * (max - min) / median),
                  values.size()));
        });
    return lines;
  }

  /** The median of sorted {@code values}: the middle one, or the mean of the two middle ones. */
  static double median(List<Double> values) {
    var sorted = values.stream().sorted(Comparator.naturalOrder()).toList();
    var middle = sorted.size() / 2;
    return sorted.size() % 2 == 1
        ? sorted.get(middle)
        : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
  }

  private static String figure(double value) {
    return Math.abs(value) >= 100 ? String.format("%,.0f", value) : String.format("%.1f", value);
  }
}
