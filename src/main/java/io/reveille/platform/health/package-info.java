/**
 * The readiness checks (MicroProfile Health): the database, the broker and the start-up work, each
 * UP or DOWN on the open endpoint, with why it changed written once to the server log.
 *
 * <p>May use: the rest of {@code io.reveille.platform}.
 */
package io.reveille.platform.health;
