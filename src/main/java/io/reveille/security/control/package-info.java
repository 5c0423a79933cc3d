/**
 * Who a caller is and what they may do: HTTP Basic against the built-in and declared users, or a
 * MicroProfile JWT bearer token verified against trusted keys; the throttle that slows password
 * guessing; the roles an operation can require; the rules of the API's edge; and the append-only
 * audit trail.
 *
 * <p>May use: security's entity, platform (its secrets for the generated administrator password).
 */
package io.reveille.security.control;
