/**
 * The Artemis resource adapter, optionally hosting the embedded broker ({@code
 * EmbeddedBrokerResourceAdapter}), with the broker's logins ({@code BrokerUsers}: Reveille's own
 * connections may do everything, an external producer only send to {@code reveille.notifications})
 * and the generated password of Reveille's own login ({@code ServerCredentials}). Packaged into the
 * resource adapter archive only, never loaded by the application; it uses nothing of Reveille but
 * {@code platform.secret}, which is packaged with it.
 */
package io.reveille.messaging.broker;
