/**
 * Secrets a server generates for itself and keeps across restarts, in files only its own account
 * may read ({@code PrivateFiles}): the administrator's password and the embedded broker's login. It
 * uses nothing of Reveille, because the broker's resource adapter, which is packaged without the
 * application, needs it too.
 */
package io.reveille.platform.secret;
