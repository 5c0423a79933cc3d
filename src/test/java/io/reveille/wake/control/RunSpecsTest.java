package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentBudgets;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunSpecsTest {

  private static RunSpecs specs(Map<String, String> settings) {
    return new RunSpecs(key -> Optional.ofNullable(settings.get(key)));
  }

  @Test
  void defaultsHoldWithoutSettingsAndStepsFollowMaxTurns() {
    assertEquals(
        new RunSpec(Duration.ofSeconds(600), 8, 50, 2, 3, 200_000),
        specs(Map.of()).forKind(AgentKind.CUSTOM));
    assertEquals(
        5, specs(Map.of("reveille.inference.max-turns", "5")).forKind(AgentKind.CUSTOM).maxSteps());
  }

  @Test
  void serverSettingsApplyToEveryKindAndAKindMaySetItsOwn() {
    var specs =
        specs(
            Map.of(
                "reveille.run.budgets.max-tool-calls", "20",
                "reveille.run.budgets.dayPlanner.max-tool-calls", "80",
                "reveille.run.budgets.dayPlanner.max-wall-clock-seconds", "30"));
    assertEquals(20, specs.forKind(AgentKind.CUSTOM).maxToolCalls());
    assertEquals(20, specs.forKind(AgentKind.TASK_AGENT).maxToolCalls());
    assertEquals(80, specs.forKind(AgentKind.DAY_PLANNER).maxToolCalls());
    assertEquals(Duration.ofSeconds(30), specs.forKind(AgentKind.DAY_PLANNER).maxWallClock());
    assertEquals(Duration.ofSeconds(600), specs.forKind(AgentKind.CUSTOM).maxWallClock());
  }

  @Test
  void aSettingOutOfBoundsIsRefusedNamingItsKey() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> specs(Map.of("reveille.run.budgets.taskAgent.max-steps", "0")));
    assertEquals(
        "reveille.run.budgets.taskAgent.max-steps must be between 1 and 100, was 0",
        e.getMessage());
    var text =
        assertThrows(
            IllegalArgumentException.class,
            () -> specs(Map.of("reveille.run.budgets.max-model-tokens", "lots")));
    assertEquals(
        "reveille.run.budgets.max-model-tokens must be a whole number, was 'lots'",
        text.getMessage());
  }

  @Test
  void anAgentsOwnBudgetsOnlyLowerTheLimits() {
    var config =
        AgentConfig.empty()
            .withBudgets(
                AgentBudgets.of(
                    Map.of(
                        AgentBudgets.MAX_STEPS, 2L,
                        AgentBudgets.MAX_TOOL_CALLS, 500L,
                        AgentBudgets.MAX_TOOL_RETRIES, 0L)));
    var spec = specs(Map.of()).forAgent(AgentKind.CUSTOM, config);
    assertEquals(2, spec.maxSteps());
    assertEquals(50, spec.maxToolCalls(), "an agent cannot raise the server's limit");
    assertEquals(0, spec.maxToolRetries());
    assertEquals(200_000, spec.maxModelTokens());
  }

  @Test
  void anAgentWithoutBudgetsGetsItsKindsSpec() {
    var specs = specs(Map.of("reveille.run.budgets.custom.max-steps", "4"));
    assertEquals(
        specs.forKind(AgentKind.CUSTOM), specs.forAgent(AgentKind.CUSTOM, AgentConfig.empty()));
    assertEquals(4, specs.forKind(AgentKind.CUSTOM).maxSteps());
  }

  @Test
  void theEscalationIsOffByDefaultAndMayBeSetForTheServerOrOneKind() {
    assertFalse(specs(Map.of()).forKind(AgentKind.CUSTOM).askHumanOnBudget());
    var specs =
        specs(
            Map.of(
                "reveille.run.escalation.ask-human-on-budget", "true",
                "reveille.run.escalation.dayPlanner.ask-human-on-budget", "false"));
    assertTrue(specs.forKind(AgentKind.CUSTOM).askHumanOnBudget());
    assertFalse(specs.forKind(AgentKind.DAY_PLANNER).askHumanOnBudget());
    assertTrue(
        specs
            .forAgent(AgentKind.CUSTOM, io.reveille.agent.entity.AgentConfig.empty())
            .with(RunBudget.MAX_STEPS, 1)
            .askHumanOnBudget(),
        "lowering a budget keeps the escalation");
  }

  @Test
  void anEscalationThatIsNotABooleanIsRefusedNamingItsKey() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> specs(Map.of("reveille.run.escalation.taskAgent.ask-human-on-budget", "yes")));
    assertTrue(e.getMessage().contains("reveille.run.escalation.taskAgent.ask-human-on-budget"));
  }

  @Test
  void theDailyQuotaIsNoneByDefaultAServerOrKindSettingAndTheAgentsOwnMayOnlyLowerIt() {
    assertEquals(Optional.empty(), specs(Map.of()).forKind(AgentKind.CUSTOM).daily());
    var specs =
        specs(
            Map.of(
                "reveille.run.budgets.daily-tokens", "1000",
                "reveille.run.budgets.dayPlanner.daily-tokens", "5000"));
    assertEquals(Optional.of(DailyTokenQuota.utc(1000)), specs.forKind(AgentKind.CUSTOM).daily());
    assertEquals(
        Optional.of(DailyTokenQuota.utc(5000)), specs.forKind(AgentKind.DAY_PLANNER).daily());
    var lower =
        AgentConfig.empty()
            .withBudgets(AgentBudgets.of(Map.of(AgentBudgets.DAILY_TOKENS, 300L), "Europe/Berlin"));
    assertEquals(
        Optional.of(new DailyTokenQuota(300, java.time.ZoneId.of("Europe/Berlin"))),
        specs.forAgent(AgentKind.CUSTOM, lower).daily());
    var higher =
        AgentConfig.empty().withBudgets(AgentBudgets.of(Map.of(AgentBudgets.DAILY_TOKENS, 9000L)));
    assertEquals(
        Optional.of(DailyTokenQuota.utc(1000)), specs.forAgent(AgentKind.CUSTOM, higher).daily());
    assertEquals(
        Optional.of(DailyTokenQuota.utc(9000)),
        specs(Map.of()).forAgent(AgentKind.CUSTOM, higher).daily(),
        "with no server quota, the agent's own is its quota");
    var refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> specs(Map.of("reveille.run.budgets.taskAgent.daily-tokens", "0")));
    assertEquals(
        "reveille.run.budgets.taskAgent.daily-tokens must be between 1 and 10000000000, was 0",
        refused.getMessage());
  }
}
