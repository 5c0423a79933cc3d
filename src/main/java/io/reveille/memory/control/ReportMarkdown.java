package io.reveille.memory.control;

import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * A report's markdown as HTML a browser may show as it is: CommonMark, with any HTML the text
 * carries escaped (an agent's report may quote what a model or a user wrote) and link and image
 * targets other than http, https, mailto and data images dropped ({@code javascript:} never
 * survives).
 */
public final class ReportMarkdown {

  private static final Parser PARSER = Parser.builder().build();
  private static final HtmlRenderer RENDERER =
      HtmlRenderer.builder().escapeHtml(true).sanitizeUrls(true).build();

  private ReportMarkdown() {}

  public static String html(String markdown) {
    return RENDERER.render(PARSER.parse(markdown == null ? "" : markdown));
  }
}
