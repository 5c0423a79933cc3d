/**
 * The runs' REST resource, over the runs read model in {@code io.reveille.run.control}.
 *
 * <p>May use: the read model, the response records of the wake, tool and memory boundaries, the
 * wake's run control (cancelling a run), security's roles, the API plumbing, platform.
 */
package io.reveille.run.boundary;
