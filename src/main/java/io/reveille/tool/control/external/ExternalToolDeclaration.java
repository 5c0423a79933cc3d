package io.reveille.tool.control.external;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ToolSideEffect;
import io.reveille.wake.entity.WakeReason;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One external tool as its document declares it, after validation: what to send, how to read the
 * answer, and how a call whose outcome is unknown is reconciled. Header values are kept as
 * templates ({@code ${secret:NAME}} unresolved), so a declaration never holds a secret.
 *
 * @param sideEffect the declared class, or the one {@link SideEffectClassifier} gave it
 * @param body the body template: a JSON value with {@code {arg}} placeholders, {@link
 *     #ARGUMENTS_BODY} for the arguments as they are, or empty for no body
 * @param idempotent whether the provider honours {@code Idempotency-Key}, so sending again with the
 *     same key is safe
 * @param scopeArguments the arguments whose values make the effect unique (the side-effect scope of
 *     the idempotency key)
 * @param allowedWakeReasons the wake reasons on which the tool may be called (every one unless the
 *     document narrows them, e.g. to wakes a person started)
 */
public record ExternalToolDeclaration(
    String name,
    String description,
    String method,
    String url,
    Map<String, String> headers,
    Optional<JsonValue> body,
    JsonObject inputSchema,
    JsonObject outputSchema,
    ResponseMapping response,
    int timeoutMillis,
    ToolSideEffect sideEffect,
    boolean idempotent,
    Optional<Lookup> lookup,
    List<String> scopeArguments,
    RiskLevel riskLevel,
    Set<WakeReason> allowedWakeReasons) {

  /** The body template that sends the call's arguments unchanged. */
  public static final JsonValue ARGUMENTS_BODY = JsonDocuments.provider().createValue("arguments");

  public ExternalToolDeclaration {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(url, "url");
    headers = Map.copyOf(headers);
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(inputSchema, "inputSchema");
    Objects.requireNonNull(outputSchema, "outputSchema");
    Objects.requireNonNull(response, "response");
    Objects.requireNonNull(sideEffect, "sideEffect");
    Objects.requireNonNull(lookup, "lookup");
    scopeArguments = List.copyOf(scopeArguments);
    Objects.requireNonNull(riskLevel, "riskLevel");
    allowedWakeReasons = Set.copyOf(allowedWakeReasons);
    if (allowedWakeReasons.isEmpty()) {
      throw new IllegalArgumentException("an external tool is allowed on one wake reason at least");
    }
  }

  /**
   * How to ask the provider whether a call took effect: a 2xx answer means it did (its body is
   * mapped as the result), 404 that it did not.
   *
   * @param url a template that may also use {@code {idempotencyKey}} and {@code {correlationId}}
   */
  public record Lookup(String method, String url) {
    public Lookup {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(url, "url");
    }
  }

  /** Header names only: values may name secrets and stay out of every log line. */
  @Override
  public String toString() {
    return "ExternalToolDeclaration[name="
        + name
        + ", method="
        + method
        + ", url="
        + url
        + ", headers="
        + headers.keySet()
        + ", sideEffect="
        + sideEffect.wire()
        + ", idempotent="
        + idempotent
        + ", lookup="
        + lookup.isPresent()
        + "]";
  }

  /**
   * The host the call with {@code arguments} would reach, lower-cased; empty when its URL cannot be
   * built from them (the call would not be sent either).
   */
  public java.util.Optional<String> host(jakarta.json.JsonObject arguments) {
    try {
      return java.util.Optional.ofNullable(
              java.net
                  .URI
                  .create(
                      Templates.url(
                          url, arguments, java.util.Map.of(Templates.IDEMPOTENCY_KEY, "0")))
                  .getHost())
          .map(h -> h.toLowerCase(java.util.Locale.ROOT));
    } catch (RuntimeException e) {
      return java.util.Optional.empty();
    }
  }
}
