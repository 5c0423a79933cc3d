/**
 * The change feed: what changed in agents, runs and proposals, read from the database every node
 * shares by when each last changed, kept in a window in memory on each node, and the broker's queue
 * depths, sampled while someone listens.
 */
package io.reveille.events.control;
