package io.reveille.tool.entity;

import io.reveille.platform.wire.WireEnum;

/**
 * What an agent may do through tools. A tool names the capabilities it requires; an agent kind's
 * capability profile names the ones its agents hold. Wire names are the contract's spelling.
 */
public enum Capability implements WireEnum {
  CATEGORY_READ("categoryRead"),
  TASK_READ("taskRead"),
  TASK_WRITE("taskWrite"),
  CHECKLIST_WRITE("checklistWrite"),
  TIME_READ("timeRead"),
  TIME_WRITE("timeWrite"),
  DAY_PLAN_READ("dayPlanRead"),
  DAY_PLAN_WRITE("dayPlanWrite"),
  RATING_READ("ratingRead"),
  RATING_WRITE("ratingWrite"),
  /** Writing the agent's own memory (observations); never another agent's. */
  MEMORY_WRITE("memoryWrite"),
  /** Calling the external HTTP tools declared where the server runs. */
  EXTERNAL_CALL("externalCall"),
  /** Setting the agent's own next wake; never another agent's. */
  SELF_SCHEDULE("selfSchedule"),
  /** Asking a person a question, or proposing a plan, and waiting for the answer in its run. */
  ASK_PERSON("askPerson"),
  /** Writing the run's own artifacts (a report, a draft): never another run's. */
  ARTIFACT_WRITE("artifactWrite"),
  /**
   * Reading how the agents made from a template fare (their runs and reports), for the agents in
   * the caller's scope only.
   */
  TEMPLATE_READ("templateRead"),
  /** Proposing new instructions for a template; an admin's approval writes the new version. */
  TEMPLATE_PROPOSE("templatePropose");

  private final String wire;

  Capability(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }
}
