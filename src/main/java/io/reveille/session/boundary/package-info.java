/**
 * Sessions over HTTP: open, read and close a session, post a turn, and follow the session's thread
 * as server-sent events, polled from the database on the container's managed scheduler.
 */
package io.reveille.session.boundary;
