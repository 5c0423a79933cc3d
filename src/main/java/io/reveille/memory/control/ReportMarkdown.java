package io.reveille.memory.control;

import java.util.Locale;
import java.util.regex.Pattern;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.UrlSanitizer;

/**
 * A report's markdown as HTML a browser may show as it is: CommonMark, with any HTML the text
 * carries escaped (an agent's report may quote what a model or a user wrote), links only to {@code
 * http}, {@code https} and {@code mailto} addresses or within the page, and images only from {@code
 * http}, {@code https} or {@code data:image/}; any other target (a {@code javascript:} or {@code
 * data:} link, a protocol-relative {@code //host} address) becomes empty.
 */
public final class ReportMarkdown {

  private static final Pattern LINK = Pattern.compile("(?i)^(https?://|mailto:|#).*");
  private static final Pattern IMAGE = Pattern.compile("(?i)^(https?://|data:image/).*");

  private static final UrlSanitizer ALLOWED_TARGETS =
      new UrlSanitizer() {
        @Override
        public String sanitizeLinkUrl(String url) {
          return allowed(url, LINK);
        }

        @Override
        public String sanitizeImageUrl(String url) {
          return allowed(url, IMAGE);
        }
      };

  private static final Parser PARSER = Parser.builder().build();
  private static final HtmlRenderer RENDERER =
      HtmlRenderer.builder()
          .escapeHtml(true)
          .sanitizeUrls(true)
          .urlSanitizer(ALLOWED_TARGETS)
          .build();

  private ReportMarkdown() {}

  public static String html(String markdown) {
    return RENDERER.render(PARSER.parse(markdown == null ? "" : markdown));
  }

  /** The URL when it matches {@code allowed} (ignoring surrounding blanks), else empty. */
  static String allowed(String url, Pattern allowed) {
    var trimmed = url == null ? "" : url.strip();
    return allowed.matcher(trimmed.toLowerCase(Locale.ROOT)).matches() ? trimmed : "";
  }
}
