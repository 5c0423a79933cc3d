package io.reveille.api;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.error.PreconditionFailedException;
import io.reveille.platform.error.TooManyRequestsException;
import jakarta.ejb.EJBException;
import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.TransactionalException;
import jakarta.validation.ValidationException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * One exception mapper per failure family, each rendering {@link Problems#of(Throwable)}.
 *
 * <p>Why one per family rather than a single {@code Throwable} mapper: JAX-RS picks the mapper
 * closest to the thrown type, and the runtime brings its own mappers for validation and
 * web-application exceptions that would otherwise win with a non-problem body.
 */
public final class ProblemMappers {

  private ProblemMappers() {}

  @Provider
  public static class InvalidInput implements ExceptionMapper<InvalidInputException> {
    @Override
    public Response toResponse(InvalidInputException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Validation implements ExceptionMapper<ValidationException> {
    @Override
    public Response toResponse(ValidationException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class NotFound implements ExceptionMapper<NotFoundException> {
    @Override
    public Response toResponse(NotFoundException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Conflict implements ExceptionMapper<ConflictException> {
    @Override
    public Response toResponse(ConflictException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class TooManyRequests implements ExceptionMapper<TooManyRequestsException> {
    @Override
    public Response toResponse(TooManyRequestsException e) {
      return Response.fromResponse(Problems.of(e).toResponse())
          .header("Retry-After", Math.max(1, e.retryAfter().toSeconds()))
          .build();
    }
  }

  @Provider
  public static class PreconditionFailed implements ExceptionMapper<PreconditionFailedException> {
    @Override
    public Response toResponse(PreconditionFailedException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Persistence implements ExceptionMapper<PersistenceException> {
    @Override
    public Response toResponse(PersistenceException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Transactional implements ExceptionMapper<TransactionalException> {
    @Override
    public Response toResponse(TransactionalException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Ejb implements ExceptionMapper<EJBException> {
    @Override
    public Response toResponse(EJBException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Json implements ExceptionMapper<JsonException> {
    @Override
    public Response toResponse(JsonException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Jsonb implements ExceptionMapper<JsonbException> {
    @Override
    public Response toResponse(JsonbException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Processing implements ExceptionMapper<ProcessingException> {
    @Override
    public Response toResponse(ProcessingException e) {
      return Problems.of(e).toResponse();
    }
  }

  @Provider
  public static class Web implements ExceptionMapper<WebApplicationException> {
    @Override
    public Response toResponse(WebApplicationException e) {
      var problem = Problems.of(e).toResponse();
      var retryAfter =
          e.getResponse() == null ? null : e.getResponse().getHeaderString("Retry-After");
      return retryAfter == null
          ? problem
          // The exception's own Retry-After replaces any the problem has.
          : Response.fromResponse(problem)
              .header("Retry-After", null)
              .header("Retry-After", retryAfter)
              .build();
    }
  }

  @Provider
  public static class Unexpected implements ExceptionMapper<Throwable> {
    @Override
    public Response toResponse(Throwable e) {
      return Problems.of(e).toResponse();
    }
  }
}
