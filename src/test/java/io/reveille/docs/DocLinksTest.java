package io.reveille.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/ leads to a file that exists and, with an anchor, to a
 * heading of that file; and the checker itself reports a planted dead file and dead anchor, so a
 * green run means the links were really checked.
 */
class DocLinksTest {

  @Test
  void everyRelativeLinkOfTheDocsResolves() {
    var root = projectRoot();
    var documents = DocLinks.documents(root);
    assertTrue(documents.size() > 1, "README.md and docs/*.md found under " + root);
    var problems = new DocLinks().check(documents);
    assertTrue(
        problems.isEmpty(),
        () ->
            problems.size()
                + " dead link(s):\n"
                + problems.stream()
                    .map(DocLinks.Problem::toString)
                    .collect(Collectors.joining("\n")));
  }

  @Test
  void reportsAPlantedDeadAnchorAndDeadFileAndPassesGoodLinks() throws URISyntaxException {
    var fixture = Path.of(getClass().getResource("/doclinks/index.md").toURI());

    var problems = new DocLinks().check(List.of(fixture));

    assertEquals(2, problems.size(), problems::toString);
    var deadAnchor = problems.get(0);
    assertEquals(fixture, deadAnchor.file());
    assertEquals(9, deadAnchor.line());
    assertEquals("sub/target.md#no-such-heading", deadAnchor.link());
    assertTrue(deadAnchor.reason().contains("#no-such-heading"), deadAnchor::reason);
    var deadFile = problems.get(1);
    assertEquals(10, deadFile.line());
    assertEquals("sub/missing.md", deadFile.link());
    assertTrue(deadFile.reason().startsWith("no such file"), deadFile::reason);
    assertTrue(deadFile.toString().contains("index.md:10"), deadFile::toString);
  }

  @Test
  void anchorsAreGitHubHeadingSlugs() {
    assertEquals(
        "production-postgresql-and-an-external-artemis",
        DocLinks.slug("Production: PostgreSQL and an external Artemis"));
    assertEquals(
        "server-variables-srcmainlibertyconfigserverxml",
        DocLinks.slug("Server variables (`src/main/liberty/config/server.xml`)"));
    assertEquals("timers-2026-11-27-evening", DocLinks.slug("Timers (2026-11-27, evening)"));
    assertEquals("see-the-guide", DocLinks.slug("See [the guide](guide.md)"));
    assertEquals(
        List.of("notes", "notes-1", "notes-2", "keep_under_scores"),
        List.copyOf(
            DocLinks.anchorsOf(
                List.of(
                    "# Notes",
                    "```",
                    "# Not a heading",
                    "```",
                    "## Notes",
                    "### Notes",
                    "## keep_under_scores"))));
    assertFalse(DocLinks.anchorsOf(List.of("#notaheading")).contains("notaheading"));
  }

  /** The directory holding pom.xml and README.md: Maven's working directory, or one above it. */
  private static Path projectRoot() {
    for (var dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("pom.xml"))
          && Files.isRegularFile(dir.resolve("README.md"))) {
        return dir;
      }
    }
    throw new AssertionError(
        "no directory with pom.xml and README.md above " + Path.of("").toAbsolutePath());
  }
}
