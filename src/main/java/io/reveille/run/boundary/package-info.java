/**
 * Runs across agents over HTTP at {@code /api/runs}: the run log filtered and paged, one run with
 * its steps, checkpoints, tool calls, proposals and messages ({@code {runKey}}), and an operator's
 * {@code cancel}, {@code resume} and {@code retry} ({@code RunsResource}). It reads through the
 * runs read model ({@code RunQueries}), acts through the wake's {@code RunControl}, and renders
 * with the response records of the wake, tool and memory boundaries; it also uses {@code api},
 * security's {@code Allowed} and {@code Role}, and the platform's JSON documents. Nothing below it
 * imports it.
 */
package io.reveille.run.boundary;
