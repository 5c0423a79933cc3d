/**
 * The web console's static files, served at {@code /}, {@code /index.html} and {@code /console/*}:
 * {@code ConsoleFilter} refuses a host the API would not answer (421) and adds headers that let the
 * page run only its own scripts and talk only to its own server. The console's data all comes from
 * the API with the signed-in user's credentials; this package uses only security's {@code
 * HostCheck}.
 */
package io.reveille.console.boundary;
