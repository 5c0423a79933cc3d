/**
 * The typed failures every feature throws for expected problems: bad input (400), something not
 * found (404), a stale {@code If-Match} (412) and a conflict with the current state (409). They
 * carry no HTTP types; {@code io.reveille.api} renders each family as RFC 9457 problem+json, and
 * they roll back the transaction they are thrown in.
 */
package io.reveille.platform.error;
