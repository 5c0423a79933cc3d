package io.reveille.alertness.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.api.Problem;
import io.reveille.api.Problems;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validation;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubscriptionRequestTest {

  private static List<String> fieldsOf(SubscriptionRequest request) {
    try (var factory = Validation.buildDefaultValidatorFactory()) {
      var violations = factory.getValidator().validate(request);
      return Problems.of(new ConstraintViolationException(violations)).errors().stream()
          .map(Problem.FieldError::field)
          .toList();
    }
  }

  @Test
  void wellFormedRequestHasNoViolations() {
    var request = new SubscriptionRequest();
    request.semanticKeys = List.of("TASK");
    request.entityIds = List.of("task-42");
    request.predicate = "categoryId == \"gym\"";
    assertTrue(fieldsOf(request).isEmpty());
  }

  @Test
  void blankAndOverlongTokensAreNamedByTheirJsonPath() {
    var request = new SubscriptionRequest();
    request.semanticKeys = List.of("TASK", "OK", "");
    request.subtypeTokens = List.of("x".repeat(257));
    assertEquals(List.of("semanticKeys[2]", "subtypeTokens[0]"), fieldsOf(request));
  }

  @Test
  void tooManyTokensAndAnOverlongPredicateAreNamed() {
    var request = new SubscriptionRequest();
    request.entityIds = Collections.nCopies(101, "task");
    request.predicate = "x".repeat(2001);
    assertEquals(List.of("entityIds", "predicate"), fieldsOf(request));
  }

  @Test
  void requestBecomesTheCommandUnchanged() {
    var request = new SubscriptionRequest();
    request.semanticKeys = List.of("TASK");
    request.predicate = "status == \"OPEN\"";
    var command = request.toCommand();
    assertEquals(List.of("TASK"), command.semanticKeys());
    assertEquals(List.of(), command.entityIds());
    assertEquals("status == \"OPEN\"", command.predicate());
  }
}
