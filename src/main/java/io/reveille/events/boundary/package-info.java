/** {@code GET /api/events}: the change feed as one server-sent event stream per caller. */
package io.reveille.events.boundary;
