/**
 * Secrets a server generates for itself and keeps across restarts, in files only the server's
 * account may read ({@code PrivateFiles}).
 *
 * <p>May use: nothing of Reveille.
 */
package io.reveille.platform.secret;
