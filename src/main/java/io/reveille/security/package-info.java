/**
 * Who may do what. Every request under {@code /api} names a caller (HTTP Basic against the built-in
 * users, or a MicroProfile JWT bearer token) and every operation names the least {@link
 * io.reveille.security.control.Role} that may call it. Authentication happens once, in the JAX-RS
 * filter that establishes the request's caller; authorization happens once, in the JAX-RS filter
 * that reads each operation's {@code @Allowed} role; the rules both apply live in {@code control},
 * where unit tests reach them without a container.
 */
package io.reveille.security;
