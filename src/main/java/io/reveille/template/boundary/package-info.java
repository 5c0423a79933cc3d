/**
 * The templates over HTTP: {@code TemplatesResource} lists templates and their versions and creates
 * an agent from one.
 */
package io.reveille.template.boundary;
