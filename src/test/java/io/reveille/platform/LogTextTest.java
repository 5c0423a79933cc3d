package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LogTextTest {

  @Test
  void aValueCannotStartALineOfItsOwn() {
    var forged = "b-1\n[11/26/26, 1:13:11:773 UTC] 00000045 AuditTrail A admin deleted everything";

    var quoted = LogText.quoted(forged);

    assertFalse(quoted.contains("\n"), quoted);
    assertTrue(quoted.startsWith("\"b-1\\n[11/26/26"), quoted);
  }

  @Test
  void everyLineBreakingOrInvisibleCharacterIsEscaped() {
    assertEquals(
        "\"a\\r\\tb\\u2028c\\u0085d\\u202ee\\u0000\"",
        LogText.quoted("a\r\tb\u2028c\u0085d\u202ee\u0000"));
  }

  @Test
  void quotesAndBackslashesAreEscapedAndLongValuesCut() {
    assertEquals("\"say \\\"hi\\\" \\\\ bye\"", LogText.quoted("say \"hi\" \\ bye"));
    assertEquals("(none)", LogText.quoted(null));
    var cut = LogText.quoted("x".repeat(LogText.MAX_LENGTH + 10));
    assertEquals(LogText.MAX_LENGTH + 3, cut.length());
    assertTrue(cut.endsWith("\"…"));
  }
}
