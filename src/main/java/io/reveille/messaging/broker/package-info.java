/**
 * The embedded Artemis broker: the resource adapter that optionally hosts it, who may log in to it
 * ({@code BrokerUsers}), and the generated password of Reveille's own connections; and the broker
 * login kept out of what Liberty's FFDC incidents print (the adapter's bean info, the XA resources
 * handed out at arm's length).
 *
 * <p>What the broker holds at most ({@code BrokerLimits}), with the plugin that refuses an
 * oversized batch at the broker ({@code MessageSizeLimit}, and over STOMP its {@code
 * StompFrameGuard}, as the frame arrives), which an external broker loads as well.
 *
 * <p>May use: platform's secrets only; it starts before the application and knows no feature.
 */
package io.reveille.messaging.broker;
