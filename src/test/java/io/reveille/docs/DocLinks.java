package io.reveille.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the relative links of Markdown documents that lead nowhere: a file that does not exist, or
 * an {@code #anchor} that no heading of the target document produces. The docs are read in layers
 * (README, then guide, operations, architecture), so a reader follows links between them; a link
 * broken by a moved section would strand that reader without any build noticing.
 *
 * <p>Links are inline ({@code [text](path#anchor)}) or reference definitions ({@code [ref]: path}).
 * Anchors are GitHub's heading slugs: the heading's text lower-cased, punctuation other than {@code
 * -} and {@code _} removed, each space a {@code -}, and a repeated slug suffixed {@code -1}, {@code
 * -2}, …; explicit {@code <a id>}/{@code <a name>} anchors count too. Links and headings inside
 * fenced code blocks and inline code are not links or headings. External links (any URI scheme) are
 * not checked.
 */
final class DocLinks {

  /** One link that leads nowhere, where it is written, and why. */
  record Problem(Path file, int line, String link, String reason) {
    @Override
    public String toString() {
      return file + ":" + line + ": (" + link + ") " + reason;
    }
  }

  private static final Pattern LINK =
      Pattern.compile(
          "!?\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern REFERENCE_DEFINITION =
      Pattern.compile("^ {0,3}\\[[^\\]]+\\]:\\s*<?([^\\s>]+)>?");
  private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(```+|~~~+)");
  private static final Pattern INLINE_CODE = Pattern.compile("(`+)(.+?)\\1");
  private static final Pattern HTML_ANCHOR =
      Pattern.compile("<a\\s+(?:[^>]*\\s)?(?:id|name)=\"([^\"]+)\"", Pattern.CASE_INSENSITIVE);
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
  private static final Pattern MARKDOWN_LINK_TEXT = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");
  private static final Pattern NOT_SLUG = Pattern.compile("[^\\p{L}\\p{N}\\p{M} _-]");

  private final Map<Path, Set<String>> anchorsByFile = new HashMap<>();

  /**
   * README.md, CHANGELOG.md (when there is one) and every Markdown file under docs/ of a project.
   */
  static List<Path> documents(Path root) {
    var files = new ArrayList<Path>();
    files.add(root.resolve("README.md"));
    var changelog = root.resolve("CHANGELOG.md");
    if (Files.isRegularFile(changelog)) {
      files.add(changelog);
    }
    var docs = root.resolve("docs");
    if (Files.isDirectory(docs)) {
      try (Stream<Path> walk = Files.walk(docs)) {
        walk.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return files;
  }

  /** Every dead relative link of the given documents, in file and line order. */
  List<Problem> check(List<Path> files) {
    var problems = new ArrayList<Problem>();
    for (var file : files) {
      var lines = read(file);
      var inFence = false;
      for (int i = 0; i < lines.size(); i++) {
        var line = lines.get(i);
        if (FENCE.matcher(line).find()) {
          inFence = !inFence;
          continue;
        }
        if (inFence) {
          continue;
        }
        var text = INLINE_CODE.matcher(line).replaceAll("");
        var targets = new ArrayList<String>();
        Matcher link = LINK.matcher(text);
        while (link.find()) {
          targets.add(link.group(1));
        }
        Matcher definition = REFERENCE_DEFINITION.matcher(text);
        if (definition.find()) {
          targets.add(definition.group(1));
        }
        for (var target : targets) {
          var reason = deadBecause(file, target);
          if (reason != null) {
            problems.add(new Problem(file, i + 1, target, reason));
          }
        }
      }
    }
    return problems;
  }

  /**
   * Why a link written in {@code from} leads nowhere, or null when it resolves (or is external).
   */
  private String deadBecause(Path from, String target) {
    if (SCHEME.matcher(target).find()) {
      return null;
    }
    var hash = target.indexOf('#');
    var pathPart = hash < 0 ? target : target.substring(0, hash);
    var anchor =
        hash < 0 ? null : URLDecoder.decode(target.substring(hash + 1), StandardCharsets.UTF_8);
    var file =
        pathPart.isEmpty()
            ? from
            : from.toAbsolutePath()
                .getParent()
                .resolve(URLDecoder.decode(pathPart, StandardCharsets.UTF_8))
                .normalize();
    if (!Files.exists(file)) {
      return "no such file: " + file;
    }
    if (anchor == null || anchor.isEmpty() || !file.toString().endsWith(".md")) {
      return null;
    }
    if (!anchors(file).contains(anchor)) {
      return "no heading with anchor #" + anchor + " in " + file.getFileName();
    }
    return null;
  }

  private Set<String> anchors(Path file) {
    return anchorsByFile.computeIfAbsent(
        file.toAbsolutePath().normalize(), f -> anchorsOf(read(f)));
  }

  /** The anchors a document's headings and HTML anchors produce, as GitHub renders them. */
  static Set<String> anchorsOf(List<String> lines) {
    var anchors = new LinkedHashSet<String>();
    var seen = new HashMap<String, Integer>();
    var inFence = false;
    for (var line : lines) {
      if (FENCE.matcher(line).find()) {
        inFence = !inFence;
        continue;
      }
      if (inFence) {
        continue;
      }
      var html = HTML_ANCHOR.matcher(line);
      while (html.find()) {
        anchors.add(html.group(1));
      }
      var heading = HEADING.matcher(line);
      if (heading.matches()) {
        var slug = slug(heading.group(2));
        var count = seen.merge(slug, 1, Integer::sum);
        anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
      }
    }
    return anchors;
  }

  /** GitHub's slug of a heading's Markdown text. */
  static String slug(String heading) {
    var text = MARKDOWN_LINK_TEXT.matcher(heading).replaceAll("$1");
    text = INLINE_CODE.matcher(text).replaceAll("$2");
    text = text.replaceAll("<[^>]+>", "");
    return NOT_SLUG
        .matcher(text.strip().toLowerCase(java.util.Locale.ROOT))
        .replaceAll("")
        .replace(' ', '-');
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
