package io.reveille.tool.control;

import io.reveille.tool.external.ExternalToolDeclaration;
import java.util.Objects;

/**
 * The handler of an external tool: a marker the executor routes to {@link ExternalCalls}, which
 * sends the request outside any transaction. Running it as an ordinary handler — inside the
 * transaction that records the call — is refused, because an HTTP call must never hold a database
 * transaction open or be rolled back with one.
 */
record ExternalToolHandler(ExternalToolDeclaration declaration) implements ToolHandler {

  ExternalToolHandler {
    Objects.requireNonNull(declaration, "declaration");
  }

  @Override
  public ToolOutcome handle(ToolInvocation call) {
    throw new IllegalStateException(
        declaration.name() + " is an external tool; it runs through ExternalCalls only");
  }
}
