/**
 * From a notification batch to the agents it wakes. {@code NotificationBatchParser} checks a batch
 * against the contract and its limits ({@code NotificationLimits}); {@code NotificationIntake}
 * records it once ({@code NotificationRecords}), splits its tokens ({@code TokenClassifier}),
 * matches them against this node's in-memory {@code SubscriptionIndex}, kept exactly current by
 * {@code SubscriptionCatalog}, applies {@code SubscriptionPredicate}s ({@code SubscriptionMatcher})
 * and hands one {@code WakeCandidate} per agent to the wake's scheduler. {@code
 * SubscriptionService} creates and deactivates subscriptions; {@code SubscriptionAudience} tells
 * producers whether a batch could wake anyone. It uses alertness's entities, {@code
 * notification.control}, the agent's {@code AgentService} and {@code AgentDeleted}, the wake's
 * scheduling and self-suppression classes, and the platform.
 */
package io.reveille.alertness.control;
