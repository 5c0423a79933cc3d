/**
 * Questions an agent asks a person from inside a run ({@code ask_user}, {@code propose_plan}): the
 * run waits ({@code awaiting_answer}) until an operator answers ({@code POST
 * /api/runs/{runKey}/answer}) or the question expires, then resumes and the call returns the
 * answer.
 *
 * <p>May use: the tool entities, the agent's state lock, the wake machinery's waits and resumption
 * ({@code RunWaits}, {@code RunMayResume}, {@code SweepStep}), platform.
 */
package io.reveille.tool.control.question;
