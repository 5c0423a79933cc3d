package io.reveille.tool.control.external;

import io.reveille.tool.control.ToolHandler;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import java.util.Objects;

/**
 * The handler of an external tool: a marker the executor routes to {@link ExternalCalls}, which
 * sends the request outside any transaction. Running it as an ordinary handler — inside the
 * transaction that records the call — is refused, because an HTTP call must never hold a database
 * transaction open or be rolled back with one.
 */
public record ExternalToolHandler(ExternalToolDeclaration declaration) implements ToolHandler {

  public ExternalToolHandler {
    Objects.requireNonNull(declaration, "declaration");
  }

  @Override
  public ToolOutcome handle(ToolInvocation call) {
    throw new IllegalStateException(
        declaration.name() + " is an external tool; it runs through ExternalCalls only");
  }
}
