/**
 * The operator console's static files and the filter that serves them with the API's host and
 * security headers ({@code ConsoleFilter}).
 *
 * <p>May use: security's boundary only.
 */
package io.reveille.console.boundary;
