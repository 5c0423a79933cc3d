/**
 * What Reveille keeps of agent templates: {@code AgentTemplate}, one immutable row per version of a
 * template, so that every node of a cluster sees the same versions.
 *
 * <p>May use: platform only.
 */
package io.reveille.template.entity;
