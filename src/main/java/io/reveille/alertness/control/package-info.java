/**
 * What wakes an agent: a notification batch is parsed and checked ({@code
 * NotificationBatchParser}), recorded once by its batch id ({@code NotificationIntake}, {@code
 * NotificationRecords}), its tokens classified, matched against the in-memory subscription index
 * ({@code SubscriptionIndex}, kept current by {@code SubscriptionCatalog}) and the subscriptions'
 * predicates, and each agent it matches becomes one {@code WakeCandidate} for the wake scheduler.
 * Subscriptions themselves are managed by {@code SubscriptionService}.
 *
 * <p>May use: alertness's entities, the notification batch types, the agent's control classes, the
 * wake's scheduler and self-suppression (how a batch becomes wakes, and which of an agent's own
 * changes must not wake it), platform.
 */
package io.reveille.alertness.control;
