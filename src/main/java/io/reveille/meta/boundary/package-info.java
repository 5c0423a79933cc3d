/**
 * What the API says about itself beyond the OpenAPI document: the lists of wire values every enum a
 * client sees may take, so that clients (the console among them) keep no copies.
 *
 * <p>May use: the packages whose enums it lists, security's roles, platform. Nothing imports it.
 */
package io.reveille.meta.boundary;
