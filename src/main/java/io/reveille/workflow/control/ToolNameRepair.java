package io.reveille.workflow.control;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A model's misspelt tool name, forgiven only when there is no doubt: a name within {@value
 * #MAX_EDITS} edits (a letter added, dropped or changed, or two neighbouring letters swapped) of
 * exactly one tool the agent may call is taken as that tool. So is a name whose verb is the other
 * one of a pair the tools use for the same thing ({@code set_task_estimate} for {@code
 * update_task_estimate}, {@code update_task_status} for {@code set_task_status}: models mix them up
 * across tools) when exactly that tool is offered. A name as near to two tools, or farther from
 * all, is not guessed at.
 */
final class ToolNameRepair {

  /** The most edits a forgiven name may be from the tool it is taken as. */
  static final int MAX_EDITS = 2;

  /** Names longer than this are not compared: no tool name is, and the work grows with both. */
  private static final int MAX_LENGTH = 128;

  private ToolNameRepair() {}

  /** The one tool of {@code offered} that {@code written} is a small slip for, if there is one. */
  static Optional<String> intended(String written, Collection<String> offered) {
    if (written.length() > MAX_LENGTH) {
      return Optional.empty();
    }
    var swapped = otherVerb(written).filter(offered::contains);
    if (swapped.isPresent()) {
      return swapped;
    }
    String found = null;
    for (var name : offered) {
      if (Math.abs(name.length() - written.length()) > MAX_EDITS
          || distance(written, name) > MAX_EDITS) {
        continue;
      }
      if (found != null) {
        return Optional.empty();
      }
      found = name;
    }
    return Optional.ofNullable(found);
  }

  /** Verbs the tools use for the same thing: each is taken for the other. */
  private static final List<List<String>> SAME_VERBS = List.of(List.of("set_", "update_"));

  /** {@code written} with its verb swapped for the other of its pair, if it has one. */
  private static Optional<String> otherVerb(String written) {
    for (var pair : SAME_VERBS) {
      for (var i = 0; i < pair.size(); i++) {
        if (written.startsWith(pair.get(i)) && written.length() > pair.get(i).length()) {
          return Optional.of(pair.get(1 - i) + written.substring(pair.get(i).length()));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The edits between {@code a} and {@code b}, a swap of two neighbouring letters counting as one
   * (the optimal string alignment distance).
   */
  static int distance(String a, String b) {
    var d = new int[a.length() + 1][b.length() + 1];
    for (var i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (var j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (var i = 1; i <= a.length(); i++) {
      for (var j = 1; j <= b.length(); j++) {
        var cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
