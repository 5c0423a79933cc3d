/**
 * What alertness persists: the record of every notification batch received (the dedupe point of the
 * JMS intake) and agents' subscriptions with their tokens in the three classes (semantic keys,
 * subtype tokens, entity IDs) and optional predicates, indexed by token for matching.
 */
package io.reveille.alertness.entity;
