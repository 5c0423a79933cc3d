/**
 * Sessions and their turns: opening and closing a session, taking a user's turn (the user's
 * message, the wake run log entry and the wake job in one transaction, idempotent per turn id), and
 * reading a session thread's messages in order for the event stream.
 */
package io.reveille.session.control;
