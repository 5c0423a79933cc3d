package io.reveille.api;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Objects;

/**
 * One RFC 9457 problem document: {@code type}, {@code title}, {@code status}, {@code detail} and,
 * for input errors, {@code errors: [{field, message}]} so a client can point at the bad field.
 */
public record Problem(int status, String title, String detail, List<FieldError> errors) {

  public static final String MEDIA_TYPE = "application/problem+json";
  static final String TYPE_BASE = "https://reveille.io/problems/";

  /** One offending field, named by its JSON path ({@code config.modelId}, {@code tokens[3]}). */
  public record FieldError(String field, String message) {
    public FieldError {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(message, "message");
    }
  }

  public Problem {
    Objects.requireNonNull(title, "title");
    errors = List.copyOf(errors);
  }

  public static Problem of(int status, String title, String detail) {
    return new Problem(status, title, detail, List.of());
  }

  /** A stable, dereferenceable-looking type URI derived from the title. */
  public String type() {
    return TYPE_BASE + title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
  }

  public JsonObject toJson() {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("type", type())
            .add("title", title)
            .add("status", status);
    if (detail != null) {
      json.add("detail", detail);
    }
    if (!errors.isEmpty()) {
      var list = JsonDocuments.provider().createArrayBuilder();
      errors.forEach(
          e ->
              list.add(
                  JsonDocuments.provider()
                      .createObjectBuilder()
                      .add("field", e.field())
                      .add("message", e.message())));
      json.add("errors", list);
    }
    return json.build();
  }

  public Response toResponse() {
    var response =
        Response.status(status).type(MediaType.valueOf(MEDIA_TYPE)).entity(toJson().toString());
    if (status == 503) {
      // Unavailable for a while (an outage, a full node): say when to try again.
      response.header("Retry-After", Problems.OUTAGE_RETRY_AFTER_SECONDS);
    }
    return response.build();
  }
}
