package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.tool.entity.ToolSideEffect;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SideEffectClassifierTest {

  private final SideEffectClassifier plain = new SideEffectClassifier(Set.of(), Set.of());

  @ParameterizedTest
  @CsvSource({
    "gmail_send_email, external",
    "create_issue, external",
    "GITHUB_MERGE_PULL_REQUEST, external",
    "slack_post_message, external",
    "mark_as_read, external",
    "get_and_archive_mail, external",
    "get_invoice, readOnly",
    "list_calendars, readOnly",
    "SEARCH_DOCUMENTS, readOnly",
    "fetch_weather, readOnly",
    "retrieve_file, readOnly",
    "thread_summary, external",
    "ping_service, external",
    "budget, external"
  })
  void theNameDecidesWhenNothingIsDeclared(String name, String expected) {
    assertEquals(expected, plain.classify(name).wire());
  }

  @Test
  void theAllowlistMakesAToolReadOnlyAndTheDenylistWins() {
    var classifier =
        new SideEffectClassifier(
            Set.of("send_test_ping", "get_and_reserve"), Set.of("get_and_reserve", "get_token"));
    assertEquals(ToolSideEffect.READ_ONLY, classifier.classify("send_test_ping"));
    assertEquals(ToolSideEffect.EXTERNAL, classifier.classify("get_and_reserve"));
    assertEquals(ToolSideEffect.EXTERNAL, classifier.classify("get_token"));
  }

  @Test
  void aDeclaredClassStandsUnlessDenied() {
    var classifier = new SideEffectClassifier(Set.of(), Set.of("get_token"));
    assertEquals(
        ToolSideEffect.LOCAL, classifier.classify("send_note", Optional.of(ToolSideEffect.LOCAL)));
    assertEquals(
        ToolSideEffect.EXTERNAL,
        classifier.classify("get_token", Optional.of(ToolSideEffect.READ_ONLY)));
  }
}
