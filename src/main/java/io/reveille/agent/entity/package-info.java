/**
 * The agent and what belongs to it, as JPA entities and value objects: {@link
 * io.reveille.agent.entity.Agent} (identity, lifecycle, configuration), its durable, synced {@link
 * io.reveille.agent.entity.AgentState}, and the typed {@link io.reveille.agent.entity.AgentLink}s
 * that chain agent-domain records together. Entities guard their invariants and refuse illegal
 * lifecycle moves; every mutable one carries a {@code @Version}. Enums are stored by their wire
 * names and JSON documents ({@link io.reveille.agent.entity.AgentConfig}, {@link
 * io.reveille.agent.entity.AgentSlots}) as text, in the schema of {@code
 * db/migration/V1__agent_domain.sql}.
 */
package io.reveille.agent.entity;
