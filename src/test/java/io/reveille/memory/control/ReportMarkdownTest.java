package io.reveille.memory.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReportMarkdownTest {

  @Test
  void markdownBecomesHtml() {
    var html = ReportMarkdown.html("# Task\n\n**Status:** OPEN\n\n- one\n- two\n");
    assertTrue(html.contains("<h1>Task</h1>"), html);
    assertTrue(html.contains("<strong>Status:</strong> OPEN"), html);
    assertTrue(html.contains("<li>one</li>"), html);
  }

  @Test
  void htmlInTheTextIsShownAsTextNeverRun() {
    var html =
        ReportMarkdown.html(
            "<script>alert(1)</script>\n\nInline <img src=x onerror=alert(2)> and <b>bold</b>");
    assertFalse(html.contains("<script"), html);
    assertFalse(html.contains("<img"), html);
    assertFalse(html.contains("<b>"), html);
    assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), html);
  }

  @Test
  void unsafeLinkTargetsAreDroppedAndSafeOnesKept() {
    var html =
        ReportMarkdown.html(
            "[run](javascript:alert(1)) [see](https://example.com/a) ![x](vbscript:msgbox)");
    assertFalse(html.contains("javascript:"), html);
    assertFalse(html.contains("vbscript:"), html);
    assertTrue(html.contains("href=\"https://example.com/a\""), html);
  }

  @Test
  void dataLinksAndProtocolRelativeAddressesAreDroppedButDataImagesKept() {
    var html =
        ReportMarkdown.html(
            "[a](data:text/html;base64,PHNjcmlwdD4=) [b](//evil.example/x) [c](#notes)"
                + " [d](mailto:ops@example.com) ![e](data:image/png;base64,iVBORw0KGgo=)"
                + " [f](JAVASCRIPT:alert(1))");
    assertFalse(html.contains("data:text"), html);
    assertFalse(html.contains("evil.example"), html);
    assertFalse(html.toLowerCase(java.util.Locale.ROOT).contains("javascript"), html);
    assertTrue(html.contains("href=\"#notes\""), html);
    assertTrue(html.contains("href=\"mailto:ops@example.com\""), html);
    assertTrue(html.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""), html);
  }

  @Test
  void noReportIsNoHtml() {
    assertEquals("", ReportMarkdown.html(null));
    assertEquals("", ReportMarkdown.html(""));
  }
}
