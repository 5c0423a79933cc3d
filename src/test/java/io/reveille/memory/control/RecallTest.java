package io.reveille.memory.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecallTest {

  private static final List<String> LINES =
      List.of(
          "user: My codeword is PELICAN-7. Keep it.",
          "assistant: Noted.",
          "user: The dentist is on Tuesday.",
          "user: The codeword for the garage is HERON.",
          "user: Tuesday the garage opens late.");

  @Test
  void theLinesSharingTheMostWordsWithTheQuestionInTheirOrder() {
    assertEquals(
        List.of("user: The codeword for the garage is HERON."),
        Recall.of("What is the codeword for the garage?", LINES));
    assertEquals(
        List.of(
            "user: My codeword is PELICAN-7. Keep it.",
            "user: The codeword for the garage is HERON."),
        Recall.of("What was my codeword?", LINES));
  }

  @Test
  void commonWordsShortWordsAndCaseDoNotCount() {
    assertEquals(List.of(), Recall.of("What was it that you said to me?", LINES));
    assertEquals(List.of(), Recall.of("Is it on?", LINES));
    assertEquals(
        List.of("user: The dentist is on Tuesday.", "user: Tuesday the garage opens late."),
        Recall.of("TUESDAY", LINES));
  }

  @Test
  void atMostThreeLinesAndNoneForNoMatch() {
    var many = List.of("a note", "another note", "a third note", "a fourth note");
    assertEquals(many.subList(0, 3), Recall.of("which note?", many));
    assertEquals(List.of(), Recall.of("the weather", many));
    assertEquals(List.of(), Recall.of("note", List.of()));
  }
}
