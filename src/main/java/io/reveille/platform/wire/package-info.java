/**
 * How an enum value travels: its wire name, the one spelling clients, JSON documents, JMS
 * attributes and database columns see. Every such enum implements {@link
 * io.reveille.platform.wire.WireEnum}; parsing, the list of allowed values, the old spellings still
 * accepted and the JPA converter live here and nowhere else.
 *
 * <p>The convention is lowerCamelCase of the meaning ({@code inProgress}, {@code timerCatchup}). An
 * old spelling is accepted for one release; a request that used one is told so by a {@code
 * Deprecation} header, through {@link io.reveille.platform.wire.LegacySpellings}.
 *
 * <p>May use: nothing of Reveille outside {@code io.reveille.platform}; every feature may use it.
 */
package io.reveille.platform.wire;
