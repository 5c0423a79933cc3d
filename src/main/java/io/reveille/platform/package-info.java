/**
 * Platform concerns every feature shares: the one {@code Clock}, the node's identity and data
 * directory, the schema migrations run before anything else, start-up work and periodic rounds that
 * never run beside themselves, work deferred until a commit ({@code AfterCommit}), the database
 * kind, checks of configuration values ({@code Settings}) and text made safe for a log line.
 *
 * <p>May use: nothing of Reveille outside {@code io.reveille.platform}; every feature may use it.
 */
package io.reveille.platform;
