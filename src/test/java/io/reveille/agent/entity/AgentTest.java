package io.reveille.agent.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class AgentTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(60);

  enum Move {
    ACTIVATE(Agent::activate, AgentLifecycle.ACTIVE, EnumSet.of(AgentLifecycle.CREATED)),
    PAUSE(Agent::pause, AgentLifecycle.DORMANT, EnumSet.of(AgentLifecycle.ACTIVE)),
    RESUME(Agent::resume, AgentLifecycle.ACTIVE, EnumSet.of(AgentLifecycle.DORMANT)),
    DESTROY(
        Agent::destroy,
        AgentLifecycle.DESTROYED,
        EnumSet.of(AgentLifecycle.CREATED, AgentLifecycle.ACTIVE, AgentLifecycle.DORMANT));

    final BiConsumer<Agent, Instant> apply;
    final AgentLifecycle to;
    final Set<AgentLifecycle> legalFrom;

    Move(BiConsumer<Agent, Instant> apply, AgentLifecycle to, Set<AgentLifecycle> legalFrom) {
      this.apply = apply;
      this.to = to;
      this.legalFrom = legalFrom;
    }
  }

  static Stream<Arguments> legalMoves() {
    return Stream.of(Move.values())
        .flatMap(move -> move.legalFrom.stream().map(from -> Arguments.of(from, move)));
  }

  static Stream<Arguments> illegalMoves() {
    return Stream.of(Move.values())
        .flatMap(
            move ->
                EnumSet.complementOf(EnumSet.copyOf(move.legalFrom)).stream()
                    .map(from -> Arguments.of(from, move)));
  }

  @Test
  void newAgentIsCreatedWithItsFieldsAndNoDestroyedAt() {
    var agent = agent();
    assertEquals("a-1", agent.getId());
    assertEquals(AgentKind.TASK_AGENT, agent.getKind());
    assertEquals("Inbox", agent.getDisplayName());
    assertEquals(AgentMode.HYBRID, agent.getMode());
    assertEquals(AgentLifecycle.CREATED, agent.getLifecycle());
    assertEquals(Set.of("work", "gym"), agent.getAllowedCategoryIds());
    assertEquals(AgentConfig.empty(), agent.getConfig());
    assertEquals(T0, agent.getCreatedAt());
    assertEquals(T0, agent.getUpdatedAt());
    assertNull(agent.getDestroyedAt());
    assertEquals(0, agent.getVersion());
  }

  @ParameterizedTest(name = "{1} from {0}")
  @MethodSource("legalMoves")
  void legalLifecycleMoveChangesLifecycleAndUpdatedAt(AgentLifecycle from, Move move) {
    var agent = agentIn(from);
    move.apply.accept(agent, T1.plusSeconds(5));
    assertEquals(move.to, agent.getLifecycle());
    assertEquals(T1.plusSeconds(5), agent.getUpdatedAt());
  }

  @ParameterizedTest(name = "{1} from {0}")
  @MethodSource("illegalMoves")
  void illegalLifecycleMoveIsRefusedNamingBothEndsAndChangesNothing(
      AgentLifecycle from, Move move) {
    var agent = agentIn(from);
    var updatedAt = agent.getUpdatedAt();
    var refused =
        assertThrows(
            IllegalTransitionException.class, () -> move.apply.accept(agent, T1.plusSeconds(5)));
    assertEquals(from.wire(), refused.getFrom());
    assertEquals(move.to.wire(), refused.getTo());
    assertTrue(refused.getMessage().startsWith("agent a-1 "), refused::getMessage);
    assertEquals(from, agent.getLifecycle());
    assertEquals(updatedAt, agent.getUpdatedAt());
  }

  @ParameterizedTest
  @EnumSource(value = AgentLifecycle.class, names = "DESTROYED", mode = EnumSource.Mode.EXCLUDE)
  void destroyLeavesATombstoneWithDestroyedAt(AgentLifecycle from) {
    var agent = agentIn(from);
    agent.destroy(T1);
    assertEquals(AgentLifecycle.DESTROYED, agent.getLifecycle());
    assertEquals(T1, agent.getDestroyedAt());
  }

  @ParameterizedTest
  @EnumSource(value = AgentLifecycle.class, names = "DESTROYED", mode = EnumSource.Mode.EXCLUDE)
  void onlyADestroyedAgentIsDeletable(AgentLifecycle lifecycle) {
    var refused =
        assertThrows(IllegalTransitionException.class, () -> agentIn(lifecycle).requireDeletable());
    assertEquals(lifecycle.wire(), refused.getFrom());
    agentIn(AgentLifecycle.DESTROYED).requireDeletable();
  }

  @Test
  void destroyedAgentRefusesEveryChangeNamingTheAction() {
    var agent = agentIn(AgentLifecycle.DESTROYED);
    var slots =
        assertThrows(ConflictException.class, () -> agent.requireNotDestroyed("update slots"));
    assertTrue(slots.getMessage().contains("update slots"), slots::getMessage);
    assertThrows(ConflictException.class, () -> agent.rename("New", T1));
    assertThrows(ConflictException.class, () -> agent.restrictToCategories(Set.of("x"), T1));
    assertThrows(
        ConflictException.class, () -> agent.reconfigure(AgentConfig.empty().withModelId("m"), T1));
    assertEquals("Inbox", agent.getDisplayName());
    assertEquals(Set.of("work", "gym"), agent.getAllowedCategoryIds());
  }

  @ParameterizedTest
  @EnumSource(
      value = AgentLifecycle.class,
      names = {"CREATED", "DORMANT", "DESTROYED"})
  void onlyAnActiveAgentPassesRequireActiveAndTheRefusalNamesStateAndAction(
      AgentLifecycle lifecycle) {
    agentIn(AgentLifecycle.ACTIVE).requireActive("be woken");
    var refused =
        assertThrows(
            ConflictException.class, () -> agentIn(lifecycle).requireActive("take a turn"));
    assertEquals(
        "agent a-1 is " + lifecycle.wire() + ": only an active agent can take a turn",
        refused.getMessage());
  }

  @Test
  void anAgentActsOnlyOnTheSiteItLivesOnAndKeepsItsHome() {
    var agent = agentIn(AgentLifecycle.ACTIVE);
    agent.requireHome(java.util.Optional.of("site-b"), "act");
    agent.homedAt("site-a");
    assertEquals(java.util.Optional.of("site-a"), agent.getHomeHost());
    agent.requireHome(java.util.Optional.of("site-a"), "act");
    agent.requireHome(java.util.Optional.empty(), "act");
    var refused =
        assertThrows(
            ConflictException.class,
            () -> agent.requireHome(java.util.Optional.of("site-b"), "act"));
    assertEquals(
        "agent a-1 lives on site site-a, not on this one (site-b): act there",
        refused.getMessage());
    assertThrows(IllegalStateException.class, () -> agent.homedAt("site-b"));
  }

  @Test
  void liveAgentCanBeRenamedRestrictedAndReconfigured() {
    var agent = agentIn(AgentLifecycle.DORMANT);
    agent.requireNotDestroyed("update slots");
    var config = AgentConfig.empty().withInstructions("Be brief.");
    agent.rename("Renamed", T1);
    agent.restrictToCategories(Set.of("gym", "home"), T1);
    agent.reconfigure(config, T1.plusSeconds(1));
    assertEquals("Renamed", agent.getDisplayName());
    assertEquals(Set.of("gym", "home"), agent.getAllowedCategoryIds());
    assertEquals(config, agent.getConfig());
    assertEquals(T1.plusSeconds(1), agent.getUpdatedAt());
  }

  @Test
  void touchAlwaysMovesUpdatedAtForwardEvenWhenTheClockDoesNot() {
    var agent = agent();
    agent.touch(T1);
    assertEquals(T1, agent.getUpdatedAt());
    agent.touch(T1);
    assertTrue(
        agent.getUpdatedAt().isAfter(T1),
        "a second touch at the same instant must "
            + "still change the row so that its version moves");
    agent.touch(T0);
    assertTrue(agent.getUpdatedAt().isAfter(T1), "updatedAt never goes back");
  }

  @Test
  void constructorAndRenameRefuseBlankOrTooLongNames() {
    assertEquals(
        "displayName",
        assertThrows(
                InvalidInputException.class,
                () ->
                    new Agent(
                        "a",
                        AgentKind.CUSTOM,
                        " ",
                        AgentMode.AUTONOMOUS,
                        Set.of(),
                        AgentConfig.empty(),
                        T0))
            .getField());
    var agent = agent();
    assertThrows(InvalidInputException.class, () -> agent.rename("x".repeat(201), T1));
    agent.rename("x".repeat(200), T1);
  }

  @Test
  void categoryIdsMustBeNonBlankAndFitTheColumn() {
    var agent = agent();
    assertEquals(
        "allowedCategoryIds",
        assertThrows(InvalidInputException.class, () -> agent.restrictToCategories(Set.of(""), T1))
            .getField());
    assertThrows(
        InvalidInputException.class, () -> agent.restrictToCategories(Set.of("c".repeat(65)), T1));
    assertEquals(Set.of("work", "gym"), agent.getAllowedCategoryIds());
  }

  @Test
  void idMustFitTheColumn() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Agent(
                "i".repeat(65),
                AgentKind.CUSTOM,
                "x",
                AgentMode.AUTONOMOUS,
                Set.of(),
                AgentConfig.empty(),
                T0));
    assertThrows(
        NullPointerException.class,
        () ->
            new Agent(
                null,
                AgentKind.CUSTOM,
                "x",
                AgentMode.AUTONOMOUS,
                Set.of(),
                AgentConfig.empty(),
                T0));
  }

  @Test
  void allowedCategoriesAreNotModifiableFromOutside() {
    assertThrows(
        UnsupportedOperationException.class, () -> agent().getAllowedCategoryIds().add("sneaky"));
  }

  private static Agent agent() {
    return new Agent(
        "a-1",
        AgentKind.TASK_AGENT,
        "Inbox",
        AgentMode.HYBRID,
        Set.of("work", "gym"),
        AgentConfig.empty(),
        T0);
  }

  private static Agent agentIn(AgentLifecycle lifecycle) {
    var agent = agent();
    switch (lifecycle) {
      case CREATED -> {}
      case ACTIVE -> agent.activate(T0);
      case DORMANT -> {
        agent.activate(T0);
        agent.pause(T0);
      }
      case DESTROYED -> agent.destroy(T0);
    }
    return agent;
  }

  @Test
  void aPauseUntilAMomentResumesByThenAndAnyResumeOrDestroyForgetsIt() {
    var t0 = java.time.Instant.parse("2026-11-30T10:00:00Z");
    var midnight = java.time.Instant.parse("2026-12-01T00:00:00Z");
    var agent = agentIn(AgentLifecycle.ACTIVE);
    agent.pauseUntil(t0, "dailyTokenQuota", midnight);
    assertEquals(AgentLifecycle.DORMANT, agent.getLifecycle());
    assertEquals(java.util.Optional.of("dailyTokenQuota"), agent.getDormantReason());
    assertEquals(java.util.Optional.of(midnight), agent.getResumeAt());
    assertFalse(agent.resumesBy(midnight.minusNanos(1)));
    assertTrue(agent.resumesBy(midnight));
    agent.resume(midnight);
    assertEquals(java.util.Optional.empty(), agent.getDormantReason());
    assertEquals(java.util.Optional.empty(), agent.getResumeAt());
    assertFalse(agent.resumesBy(midnight), "an active agent does not resume");
    agent.pause(midnight);
    assertFalse(agent.resumesBy(midnight.plusSeconds(86_400)), "an operator's pause lasts");
    assertThrows(
        IllegalTransitionException.class,
        () -> agent.pauseUntil(midnight, "dailyTokenQuota", midnight.plusSeconds(60)),
        "only an active agent is paused");
    assertThrows(
        IllegalArgumentException.class,
        () -> agentIn(AgentLifecycle.ACTIVE).pauseUntil(t0, " ", midnight),
        "a reason is given");
  }
}
