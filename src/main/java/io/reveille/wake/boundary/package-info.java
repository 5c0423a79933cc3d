/**
 * The wakes queue (JMS adapter and consumer), start-up recovery, and the run log and manual wakes
 * over HTTP.
 */
package io.reveille.wake.boundary;
