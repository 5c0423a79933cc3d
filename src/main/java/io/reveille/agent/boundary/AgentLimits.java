package io.reveille.agent.boundary;

/** Size limits of agent request fields, matching the column sizes of the schema. */
final class AgentLimits {
  static final int DISPLAY_NAME_MAX = 200;
  static final int ID_MAX = 64;
  static final int CATEGORIES_MAX = 100;

  private AgentLimits() {}
}
