/**
 * Interactive sessions: a conversation between a user and an interactive or hybrid agent, open
 * until closed. The conversation's messages are ordinary agent messages in the session's own
 * thread; this package holds only the session itself, which decides whether a turn may be taken.
 */
package io.reveille.session.entity;
