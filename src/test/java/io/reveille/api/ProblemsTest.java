package io.reveille.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.error.PreconditionFailedException;
import jakarta.ejb.EJBException;
import jakarta.json.bind.JsonbException;
import jakarta.persistence.OptimisticLockException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.TransactionalException;
import jakarta.validation.Validation;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.junit.jupiter.api.Test;

class ProblemsTest {

  @Test
  void eachFailureFamilyHasItsStatus() {
    assertEquals(400, Problems.statusOf(new InvalidInputException("kind", "unknown")));
    assertEquals(404, Problems.statusOf(new NotFoundException("agent", "x")));
    assertEquals(412, Problems.statusOf(new PreconditionFailedException("stale")));
    assertEquals(
        409, Problems.statusOf(new IllegalTransitionException("agent a", "active", "active")));
    assertEquals(409, Problems.statusOf(new ConflictException("no")));
    assertEquals(409, Problems.statusOf(new OptimisticLockException("lost")));
    assertEquals(400, Problems.statusOf(new JsonbException("Unexpected char")));
    assertEquals(500, Problems.statusOf(new IllegalStateException("bug")));
  }

  @Test
  void containerWrappersAreSeenThrough() {
    var commitTimeConflict =
        new TransactionalException(
            "commit failed",
            new RollbackException("rolled back") {
              {
                initCause(new OptimisticLockException("row was updated"));
              }
            });
    assertEquals(409, Problems.statusOf(commitTimeConflict));
    assertEquals(404, Problems.statusOf(new EJBException(new NotFoundException("agent", "x"))));
  }

  @Test
  void invalidInputNamesTheField() {
    var json =
        Problems.of(new InvalidInputException("config.modelId", "must be a string")).toJson();
    assertEquals("application/problem+json", Problem.MEDIA_TYPE);
    assertEquals(400, json.getInt("status"));
    assertEquals("config.modelId", json.getJsonArray("errors").getJsonObject(0).getString("field"));
    assertTrue(json.getString("type").endsWith("/invalid-input"));
  }

  static class Body {
    @NotBlank String displayName;

    @Size(max = 1)
    java.util.List<@NotBlank String> ids = java.util.List.of("a", " ");
  }

  @Test
  void beanValidationViolationsAreNamedByTheirJsonPath() {
    try (var factory = Validation.buildDefaultValidatorFactory()) {
      var violations = factory.getValidator().validate(new Body());
      var problem = Problems.of(new jakarta.validation.ConstraintViolationException(violations));
      assertEquals(400, problem.status());
      var fields = problem.errors().stream().map(Problem.FieldError::field).toList();
      assertTrue(fields.contains("displayName"), fields::toString);
      assertTrue(fields.contains("ids"), fields::toString);
      assertTrue(fields.contains("ids[1]"), fields::toString);
    }
  }

  @Test
  void aDatabaseOrBrokerThatCannotBeReachedIsServiceUnavailableWithRetryAfter() {
    var refused =
        new jakarta.persistence.PersistenceException(
            "Unable to acquire JDBC Connection",
            new java.sql.SQLException("Connection to 127.0.0.1:5432 refused", "08001"));
    var problem = Problems.of(new EJBException(refused));
    assertEquals(503, problem.status());
    assertTrue(problem.detail().contains("database"), problem::detail);

    var shuttingDown = new java.sql.SQLException("terminating connection", "57P01");
    assertEquals(503, Problems.statusOf(new RuntimeException(shuttingDown)));
    assertEquals(
        503, Problems.statusOf(new java.sql.SQLTransientConnectionException("pool exhausted")));
    assertEquals(
        503,
        Problems.statusOf(
            new jakarta.jms.JMSRuntimeException(
                "AMQ219016",
                "AMQ219016",
                new org.apache.activemq.artemis.api.core.ActiveMQUnBlockedException("gone"))));
    assertTrue(
        Problems.of(
                new jakarta.jms.JMSRuntimeException(
                    "x",
                    "x",
                    new org.apache.activemq.artemis.api.core.ActiveMQNotConnectedException("no")))
            .detail()
            .contains("broker"));

    // Another SQL failure is still a server error.
    assertEquals(500, Problems.statusOf(new java.sql.SQLException("syntax error", "42601")));
  }
}
