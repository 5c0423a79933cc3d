/**
 * Additions to the JDBC driver, loaded by the server's JDBC library (a jar of their own next to the
 * driver, never in the WAR): the data source the server uses for PostgreSQL, which reports a lost
 * database connection during two-phase commit in a way the transaction manager retries.
 */
package io.reveille.platform.jdbc;
