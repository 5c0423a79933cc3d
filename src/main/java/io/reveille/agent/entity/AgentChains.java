package io.reveille.agent.entity;

import io.reveille.platform.json.DocumentReader;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * How far chains of agents waking each other may reach this agent ({@code config.chains}). A wake
 * caused by a batch that runs of agents made in a row (a chain) is refused when the chain is deeper
 * than the server's {@code reveille.chains.max-hops} or this agent's {@code maxHops} (which may
 * only lower it), and, unless {@code allowCycles} is true, when the chain already went through this
 * agent. Agents that are meant to answer each other (a coach and a planner) allow cycles; the hop
 * limit still ends their exchange.
 */
public final class AgentChains {

  public static final String MAX_HOPS = "maxHops";
  public static final String ALLOW_CYCLES = "allowCycles";

  /** The largest {@code maxHops} an agent may set (the server's limit is bounded the same). */
  public static final int MAX_HOPS_LIMIT = 1_000;

  private static final AgentChains DEFAULTS =
      new AgentChains(OptionalInt.empty(), false, JsonValue.EMPTY_JSON_OBJECT);

  private final OptionalInt maxHops;
  private final boolean allowCycles;
  private final JsonObject unknownFields;

  private AgentChains(OptionalInt maxHops, boolean allowCycles, JsonObject unknownFields) {
    this.maxHops = Objects.requireNonNull(maxHops, "maxHops");
    this.allowCycles = allowCycles;
    this.unknownFields = Objects.requireNonNull(unknownFields, "unknownFields");
  }

  /** The server's limits, cycles broken. */
  public static AgentChains defaults() {
    return DEFAULTS;
  }

  /**
   * Chains limited by {@code maxHops} (empty: the server's) and allowed to come back to the agent
   * or not.
   *
   * @throws io.reveille.platform.error.InvalidInputException naming {@code config.chains.maxHops}
   *     when it is out of bounds
   */
  public static AgentChains of(OptionalInt maxHops, boolean allowCycles) {
    var json = JsonDocuments.provider().createObjectBuilder();
    maxHops.ifPresent(hops -> json.add(MAX_HOPS, hops));
    json.add(ALLOW_CYCLES, allowCycles);
    return read(DocumentReader.strict(json.build(), AgentConfig.ROOT + "." + AgentConfig.CHAINS));
  }

  static AgentChains read(DocumentReader in) {
    var hops = in.integer(MAX_HOPS, 1, MAX_HOPS_LIMIT);
    var cycles = in.flag(ALLOW_CYCLES).orElse(false);
    return new AgentChains(
        hops.isPresent() ? OptionalInt.of((int) hops.getAsLong()) : OptionalInt.empty(),
        cycles,
        in.unknownFields());
  }

  /** The agent's own hop limit, if it sets one (the lower of it and the server's applies). */
  public OptionalInt maxHops() {
    return maxHops;
  }

  /** Whether a chain that already went through this agent may wake it again. */
  public boolean allowCycles() {
    return allowCycles;
  }

  boolean isDefault() {
    return maxHops.isEmpty() && !allowCycles && unknownFields.isEmpty();
  }

  /** The API form: the settings this version knows. */
  JsonObject toJson() {
    var json = JsonDocuments.provider().createObjectBuilder();
    maxHops.ifPresent(hops -> json.add(MAX_HOPS, hops));
    if (allowCycles) {
      json.add(ALLOW_CYCLES, true);
    }
    return json.build();
  }

  /** The stored form: the settings plus fields a newer version wrote, kept. */
  JsonObject toStored() {
    var json = JsonDocuments.provider().createObjectBuilder(toJson());
    unknownFields.forEach(
        (name, value) -> {
          if (!name.equals(MAX_HOPS) && !name.equals(ALLOW_CYCLES)) {
            json.add(name, value);
          }
        });
    return json.build();
  }

  @Override
  public boolean equals(Object other) {
    return this == other
        || other instanceof AgentChains that
            && maxHops.equals(that.maxHops)
            && allowCycles == that.allowCycles
            && unknownFields.equals(that.unknownFields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(maxHops, allowCycles, unknownFields);
  }

  @Override
  public String toString() {
    return "AgentChains" + toStored();
  }
}
