package io.reveille.memory.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * The deterministic engine's memory of a conversation: the lines of a context that share the most
 * words with a question. A word is a run of letters and digits of at least three characters, lower
 * case, that is not one of a few very common English words; a line scores the number of the
 * question's words it contains. The best-scoring lines (at most {@value #MAX_LINES}) are returned
 * in the order they appear, none when no line shares a word. The same question and lines always
 * give the same answer.
 */
public final class Recall {

  static final int MAX_LINES = 3;

  private static final Set<String> COMMON =
      Set.of(
          "the",
          "and",
          "for",
          "you",
          "your",
          "what",
          "was",
          "were",
          "did",
          "does",
          "that",
          "this",
          "with",
          "from",
          "have",
          "has",
          "had",
          "are",
          "not",
          "but",
          "can",
          "our",
          "about",
          "which",
          "who",
          "when",
          "where",
          "how",
          "why",
          "tell",
          "said",
          "say",
          "told",
          "me",
          "again",
          "remember",
          "there",
          "then",
          "than",
          "they",
          "them",
          "would",
          "could",
          "should",
          "will",
          "its",
          "it's",
          "any",
          "all",
          "one",
          "very",
          "just",
          "into",
          "out",
          "also");

  private Recall() {}

  /** The lines of {@code lines} that best answer {@code question}. */
  public static List<String> of(String question, List<String> lines) {
    var asked = words(question);
    if (asked.isEmpty()) {
      return List.of();
    }
    var scores = lines.stream().mapToInt(line -> score(asked, line)).toArray();
    var best = IntStream.of(scores).max().orElse(0);
    if (best == 0) {
      return List.of();
    }
    var chosen = new ArrayList<String>();
    IntStream.range(0, lines.size())
        .filter(i -> scores[i] == best)
        .limit(MAX_LINES)
        .forEach(i -> chosen.add(lines.get(i)));
    return List.copyOf(chosen);
  }

  private static int score(Set<String> asked, String line) {
    var present = words(line);
    return (int) asked.stream().filter(present::contains).count();
  }

  static Set<String> words(String text) {
    var words = new TreeSet<String>(Comparator.naturalOrder());
    for (var word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (word.length() >= 3 && !COMMON.contains(word)) {
        words.add(word);
      }
    }
    return words;
  }
}
