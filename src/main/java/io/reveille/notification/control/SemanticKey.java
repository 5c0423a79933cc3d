package io.reveille.notification.control;

import java.util.List;

/**
 * The semantic keys Reveille's own producers announce: the coarse "what kind of thing changed"
 * tokens of a notification batch. One place for them, so that a producer, a tool's changed-entity
 * report and the consumer's classification can never spell one differently. External producers may
 * use other keys; {@code reveille.alertness.semantic-keys} lists the ones the consumer classifies
 * as keys.
 */
public final class SemanticKey {

  public static final String TASK = "TASK";
  public static final String CHECKLIST_ITEM = "CHECKLIST_ITEM";
  public static final String TIME_ENTRY = "TIME_ENTRY";
  public static final String DAY_PLAN = "DAY_PLAN";
  public static final String CATEGORY = "CATEGORY";
  public static final String LABEL = "LABEL";
  public static final String RATING = "RATING";
  public static final String PROJECT = "PROJECT";
  public static final String AGENT = "AGENT";
  public static final String AGENT_STATE = "AGENT_STATE";
  public static final String AGENT_MESSAGE = "AGENT_MESSAGE";
  public static final String AGENT_REPORT = "AGENT_REPORT";

  /** Every key above, in the order of the shipped {@code reveille.alertness.semantic-keys}. */
  public static final List<String> ALL =
      List.of(
          TASK,
          CHECKLIST_ITEM,
          TIME_ENTRY,
          DAY_PLAN,
          CATEGORY,
          LABEL,
          RATING,
          AGENT,
          AGENT_STATE,
          AGENT_MESSAGE,
          AGENT_REPORT,
          PROJECT);

  private SemanticKey() {}
}
