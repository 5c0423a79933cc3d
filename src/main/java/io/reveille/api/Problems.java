package io.reveille.api;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.error.PreconditionFailedException;
import io.reveille.platform.error.TooManyRequestsException;
import io.reveille.platform.error.UnavailableException;
import jakarta.ejb.EJBException;
import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import jakarta.persistence.EntityExistsException;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PessimisticLockException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.TransactionalException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.ValidationException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Decides which problem a failure is. The exception mappers of this package all delegate here, so
 * the whole API answers one failure the same way whichever layer threw it and however the container
 * wrapped it (an EJB or {@code @Transactional} boundary wraps, a commit-time version conflict
 * arrives as a rollback).
 */
public final class Problems {

  private static final Logger LOG = Logger.getLogger(Problems.class.getName());

  private Problems() {}

  /** The HTTP status the API answers {@code failure} with. */
  public static int statusOf(Throwable failure) {
    return of(failure).status();
  }

  public static Problem of(Throwable failure) {
    return known(failure)
        .or(() -> outage(failure))
        .orElseGet(
            () -> {
              LOG.log(Level.SEVERE, "Unexpected failure answered with 500", failure);
              return Problem.of(
                  500,
                  "Internal server error",
                  "the server failed unexpectedly; the failure is logged");
            });
  }

  static Optional<Problem> known(Throwable failure) {
    for (var t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof BodyTooLargeException) {
        return Optional.of(Problem.of(413, "Payload too large", t.getMessage()));
      }
    }
    for (var t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      var problem = direct(t);
      if (problem.isPresent()) {
        return problem;
      }
      if (!isWrapper(t)) {
        break;
      }
    }
    return Optional.empty();
  }

  /** How long a client should wait before it retries a request an outage failed (seconds). */
  static final int OUTAGE_RETRY_AFTER_SECONDS = 5;

  /**
   * A failure because the database or the broker cannot be reached (stopped, restarting, the
   * network cut) is the service being unavailable, not a server bug: 503 with {@code Retry-After},
   * and one warning line rather than a stack trace per request while the outage lasts.
   */
  static Optional<Problem> outage(Throwable failure) {
    for (var t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      var what = unreachable(t);
      if (what != null) {
        LOG.log(
            Level.WARNING,
            "Answered 503: the {0} cannot be reached ({1})",
            new Object[] {what, rootMessage(failure)});
        return Optional.of(
            Problem.of(
                503,
                "Service unavailable",
                "the " + what + " cannot be reached; retry in a few seconds"));
      }
    }
    return Optional.empty();
  }

  /** "database" or "broker" when {@code t} says it cannot reach one, else null. */
  private static String unreachable(Throwable t) {
    if (t instanceof java.sql.SQLTransientConnectionException
        || t instanceof java.sql.SQLNonTransientConnectionException
        || t.getClass().getName().equals("org.hibernate.exception.JDBCConnectionException")) {
      return "database";
    }
    if (t instanceof java.sql.SQLException e
        && e.getSQLState() != null
        // 08: connection exception; 57P01..57P03: the server shuts down or is starting.
        && (e.getSQLState().startsWith("08") || e.getSQLState().startsWith("57P0"))) {
      return "database";
    }
    var name = t.getClass().getName();
    if (name.startsWith("org.apache.activemq.artemis.api.core.ActiveMQ")
        && (name.endsWith("NotConnectedException")
            || name.endsWith("UnBlockedException")
            || name.endsWith("ConnectionTimedOutException")
            || name.endsWith("DisconnectedException"))) {
      return "broker";
    }
    return null;
  }

  private static boolean isWrapper(Throwable t) {
    return t instanceof EJBException
        || t instanceof TransactionalException
        || t instanceof RollbackException
        || t instanceof ProcessingException
        || t instanceof jakarta.persistence.PersistenceException
        || t instanceof jakarta.transaction.SystemException
        || t.getClass().getName().startsWith("org.hibernate.")
        || t instanceof java.lang.reflect.InvocationTargetException
        || t instanceof java.util.concurrent.ExecutionException;
  }

  private static Optional<Problem> direct(Throwable t) {
    if (t instanceof InvalidInputException e) {
      return Optional.of(
          new Problem(
              400,
              "Invalid input",
              e.getMessage(),
              e.getViolations().stream()
                  .map(v -> new Problem.FieldError(v.field(), v.message()))
                  .toList()));
    }
    if (t instanceof ConstraintViolationException e) {
      return Optional.of(violations(e));
    }
    if (t instanceof ValidationException e) {
      return Optional.of(Problem.of(400, "Invalid input", e.getMessage()));
    }
    if (t instanceof NotFoundException e) {
      return Optional.of(Problem.of(404, "Not found", e.getMessage()));
    }
    if (t instanceof PreconditionFailedException e) {
      return Optional.of(Problem.of(412, "Precondition failed", e.getMessage()));
    }
    if (t instanceof IllegalTransitionException e) {
      return Optional.of(Problem.of(409, "Illegal transition", e.getMessage()));
    }
    if (t instanceof TooManyRequestsException e) {
      return Optional.of(Problem.of(429, "Too many requests", e.getMessage()));
    }
    if (t instanceof ConflictException e) {
      return Optional.of(Problem.of(409, "Conflict", e.getMessage()));
    }
    if (t instanceof UnavailableException e) {
      return Optional.of(Problem.of(503, "Unavailable", e.getMessage()));
    }
    if (t instanceof OptimisticLockException
        || t instanceof PessimisticLockException
        || t.getClass().getName().equals("org.hibernate.StaleObjectStateException")
        || t.getClass().getName().equals("org.hibernate.StaleStateException")) {
      return Optional.of(
          Problem.of(
              409,
              "Concurrent update",
              "someone else changed this resource at the same time; reload it and retry"));
    }
    if (t instanceof EntityExistsException) {
      return Optional.of(Problem.of(409, "Conflict", "the resource already exists"));
    }
    if (t instanceof JsonbException || t instanceof JsonException) {
      return Optional.of(
          new Problem(
              400,
              "Malformed JSON",
              rootMessage(t),
              List.of(
                  new Problem.FieldError(
                      "body",
                      "not a valid JSON document of the expected " + "shape: " + rootMessage(t)))));
    }
    if (t instanceof WebApplicationException e) {
      return Optional.of(web(e));
    }
    return Optional.empty();
  }

  private static Problem web(WebApplicationException e) {
    var status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
    var info = Response.Status.fromStatusCode(status);
    var title = info == null ? "HTTP " + status : info.getReasonPhrase();
    if (status == 400 && e.getCause() != null) {
      return Problem.of(400, "Malformed request", rootMessage(e));
    }
    return Problem.of(status, title, e.getMessage());
  }

  private static Problem violations(ConstraintViolationException e) {
    var errors =
        e.getConstraintViolations().stream()
            .map(v -> new Problem.FieldError(field(v), v.getMessage()))
            .sorted(
                Comparator.comparing(Problem.FieldError::field)
                    .thenComparing(Problem.FieldError::message))
            .toList();
    var detail =
        errors.stream()
            .map(f -> f.field() + ": " + f.message())
            .reduce((a, b) -> a + "; " + b)
            .orElse("invalid input");
    return new Problem(400, "Invalid input", detail, errors);
  }

  /**
   * The JSON path of a violation: a resource method's {@code create.body.displayName} becomes
   * {@code displayName}, a query parameter {@code list.lifecycle} becomes {@code lifecycle}, and a
   * missing body is {@code body}.
   */
  static String field(ConstraintViolation<?> violation) {
    var names = new StringBuilder();
    var sawParameter = false;
    var parameterName = "body";
    for (Path.Node node : violation.getPropertyPath()) {
      var kind = node.getKind();
      if (kind == ElementKind.METHOD
          || kind == ElementKind.CONSTRUCTOR
          || kind == ElementKind.RETURN_VALUE) {
        continue;
      }
      if (kind == ElementKind.PARAMETER) {
        sawParameter = true;
        parameterName = node.getName();
        continue;
      }
      if (kind == ElementKind.CONTAINER_ELEMENT || node.getName() == null) {
        if (node.getIndex() != null) {
          names.append('[').append(node.getIndex()).append(']');
        }
        continue;
      }
      if (names.length() > 0) {
        names.append('.');
      }
      names.append(node.getName());
      if (node.getIndex() != null) {
        names.append('[').append(node.getIndex()).append(']');
      }
    }
    if (names.length() > 0) {
      return names.toString();
    }
    return sawParameter && !parameterName.startsWith("arg") ? parameterName : "body";
  }

  private static String rootMessage(Throwable t) {
    var root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return String.valueOf(root.getMessage());
  }
}
