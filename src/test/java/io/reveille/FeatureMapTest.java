package io.reveille;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The feature dependency graph drawn at the top of {@code docs/architecture.md} is the one the
 * sources have: an arrow for every feature that uses another, and none more. The drawing is kept by
 * hand so that it reads well; this test keeps it true, and on a difference it prints the arrows to
 * add and to remove.
 */
class FeatureMapTest {

  static final Path ARCHITECTURE = Path.of("docs/architecture.md");

  /** Plumbing every feature may use; the map leaves it out and says so. */
  static final Set<String> PLUMBING = Set.of("platform", "api", "security", "observability");

  private static final Pattern MERMAID = Pattern.compile("```mermaid\\R(.*?)```", Pattern.DOTALL);
  private static final Path SOURCES = Path.of("src/main/java/io/reveille");
  private static final Pattern NAMED = Pattern.compile("\\bio\\.reveille\\.(\\w+)\\.");
  private static final Pattern ARROW = Pattern.compile("^\\s*(\\w+)\\s*-\\.?->\\s*(\\w+)\\s*$");

  @Test
  void theDrawnMapIsTheImportedOne() throws IOException {
    var drawn = drawnArrows(Files.readString(ARCHITECTURE));
    var compiled = compiledArrows();
    var missing = new TreeSet<>(compiled);
    missing.removeAll(drawn);
    var extra = new TreeSet<>(drawn);
    extra.removeAll(compiled);
    assertEquals(
        "",
        (missing.isEmpty() ? "" : "arrows to add to the map: " + missing + "\n")
            + (extra.isEmpty() ? "" : "arrows the code no longer has: " + extra),
        "the feature map in " + ARCHITECTURE + " differs from the imports in src/main/java");
  }

  @Test
  void aDrawingIsReadArrowByArrow() {
    var arrows =
        drawnArrows(
            "text\n```mermaid\ngraph TD\n  a --> b\n  b-->c\n  c -.-> d\n  lonely\n```\n more");
    assertEquals(new TreeSet<>(Set.of("a --> b", "b --> c", "c --> d")), arrows);
  }

  @Test
  void theImportedMapHasNoPlumbingAndNoSelfArrows() {
    var arrows = compiledArrows();
    assertTrue(arrows.stream().noneMatch(a -> a.split(" --> ")[0].equals(a.split(" --> ")[1])));
    assertTrue(
        arrows.stream()
            .flatMap(a -> Set.of(a.split(" --> ")).stream())
            .noneMatch(PLUMBING::contains),
        arrows::toString);
    assertTrue(arrows.contains("tool --> journal"), "the built-in tools act on the journal");
  }

  static SortedSet<String> drawnArrows(String markdown) {
    var block = MERMAID.matcher(markdown);
    if (!block.find()) {
      throw new AssertionError("no mermaid block in the text");
    }
    var arrows = new TreeSet<String>();
    for (var line : block.group(1).split("\\R")) {
      var arrow = ARROW.matcher(line);
      if (arrow.matches()) {
        arrows.add(arrow.group(1) + " --> " + arrow.group(2));
      }
    }
    return arrows;
  }

  /**
   * The arrows the sources have: a feature points at another when one of its files names a class of
   * the other, by import or fully qualified. Read from the sources rather than the bytecode because
   * the compiler inlines constants (a {@code SemanticKey} string leaves no trace in a class file).
   */
  static SortedSet<String> compiledArrows() {
    var arrows = new TreeSet<String>();
    try (var files = Files.walk(SOURCES)) {
      for (var file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        var from = feature(SOURCES.relativize(file).getName(0).toString());
        if (from.isEmpty()) {
          continue;
        }
        var named = NAMED.matcher(Files.readString(file));
        while (named.find()) {
          feature(named.group(1))
              .filter(to -> !to.equals(from.get()))
              .ifPresent(to -> arrows.add(from.get() + " --> " + to));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return arrows;
  }

  /** The feature of that name, unless it is plumbing. */
  private static Optional<String> feature(String name) {
    return PLUMBING.contains(name) ? Optional.empty() : Optional.of(name);
  }
}
