package io.reveille.tool.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentQuestionTest {

  private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

  private static AgentQuestion question(List<String> choices) {
    return new AgentQuestion(
        "q-1",
        "a-1",
        "run-1",
        AgentQuestion.Kind.QUESTION,
        "Which day?",
        choices,
        Optional.empty(),
        T0,
        T0.plusSeconds(60));
  }

  @Test
  void anAnswerClosesItOnceAndMustBeOneOfTheChoices() {
    var asked = question(List.of("Monday", "Tuesday"));
    assertEquals(QuestionStatus.OPEN, asked.getStatus());
    var wrong =
        assertThrows(
            InvalidInputException.class, () -> asked.answer("Someday", "alice", T0.plusSeconds(5)));
    assertEquals("answer", wrong.getField());
    asked.answer("Tuesday", "alice", T0.plusSeconds(5));
    assertEquals(QuestionStatus.ANSWERED, asked.getStatus());
    assertEquals(Optional.of("Tuesday"), asked.getAnswer());
    assertEquals(Optional.of("alice"), asked.getAnsweredBy());
    assertEquals(Optional.of(T0.plusSeconds(5)), asked.getAnsweredAt());
    assertThrows(ConflictException.class, () -> asked.answer("Monday", "bob", T0.plusSeconds(6)));
    assertThrows(ConflictException.class, () -> asked.expire(T0.plusSeconds(61)));
  }

  @Test
  void anOpenQuestionExpiresWithoutAnAnswerAndAnyTextAnswersOneWithoutChoices() {
    var free = question(List.of());
    assertThrows(InvalidInputException.class, () -> free.answer(" ", "alice", T0));
    free.answer("Whenever suits", "alice", T0);
    var unanswered = question(List.of());
    unanswered.expire(T0.plusSeconds(60));
    assertEquals(QuestionStatus.EXPIRED, unanswered.getStatus());
    assertEquals(Optional.empty(), unanswered.getAnswer());
    assertThrows(ConflictException.class, () -> unanswered.answer("Late", "alice", T0));
  }

  @Test
  void aPlanTakesApproveOrRejectAndKeepsItsSteps() {
    var plan =
        new AgentQuestion(
            "q-2",
            "a-1",
            "run-1",
            AgentQuestion.Kind.PLAN,
            "Move the launch",
            List.of("ignored"),
            Optional.of(
                Json.createObjectBuilder()
                    .add("title", "Move the launch")
                    .add("steps", Json.createArrayBuilder().add("Tell the team"))
                    .build()),
            T0,
            T0.plusSeconds(60));
    assertEquals(List.of("approve", "reject"), plan.getChoices());
    assertEquals("Tell the team", plan.getPlan().orElseThrow().getJsonArray("steps").getString(0));
    assertThrows(InvalidInputException.class, () -> plan.answer("maybe", "alice", T0));
    plan.answer("reject", "alice", T0);
    assertEquals(Optional.of("reject"), plan.getAnswer());
  }

  @Test
  void aQuestionMustExpireAfterItIsAsked() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new AgentQuestion(
                "q-3",
                "a-1",
                "run-1",
                AgentQuestion.Kind.QUESTION,
                "Now?",
                List.of(),
                Optional.empty(),
                T0,
                T0));
  }
}
