package io.reveille.tool.control.external;

import java.net.URI;
import java.util.List;
import java.util.Set;

/**
 * Tools another system offers besides those the external-tools document declares — an MCP server's
 * — and the way their requests travel. Its declarations join the registry and the contract at
 * start-up like the document's, and every call of them goes through the same steps (ledger,
 * idempotency key, breaker, in-doubt reconciliation, a person's resolution); only the last hop, the
 * send, is the source's, chosen by the scheme of the declaration's URL.
 */
public interface ExternalToolSource {

  /**
   * The tools, named apart from {@code taken} (built-in tools and the document's).
   *
   * @throws IllegalStateException when the source's settings are wrong: the start-up stops
   */
  List<ExternalToolDeclaration> declarations(Set<String> taken);

  /** Whether this source sends requests to {@code uri}. */
  boolean sends(URI uri);

  /**
   * Sends one request; every outcome is an exchange (answered, not sent, or sent without an
   * answer), never an exception.
   */
  ExternalExchange send(ExternalRequest request);
}
