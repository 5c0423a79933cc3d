/**
 * Multi-site sync at the edges: the round that sends this site's records to the broker, the
 * consumer of the peers' records, and {@code GET /api/sync/status}.
 */
package io.reveille.sync.boundary;
