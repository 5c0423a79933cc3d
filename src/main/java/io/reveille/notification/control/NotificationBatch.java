package io.reveille.notification.control;

import io.reveille.platform.wire.WireEnum;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One validated {@code NotificationBatch} document (schemaVersion 1): the set of things that
 * changed in one committed transaction of some producer.
 *
 * <p>Only {@link NotificationBatchParser} creates these, so every instance has passed the limits
 * and shape checks of the public contract (API.md).
 */
public record NotificationBatch(
    int schemaVersion,
    String batchId,
    Origin origin,
    Optional<String> hostId,
    OptionalLong counter,
    List<String> tokens,
    List<String> semanticKeys,
    List<String> subtypeTokens,
    List<String> entityIds,
    List<EntitySnapshot> entities,
    Optional<String> originAgentId,
    Optional<String> originRunKey,
    Cause cause) {

  /**
   * A batch made on this node (schema version 1, no host counter, tokens unclassified) with the
   * agent and run that caused it, when known, and nothing behind them.
   */
  public static NotificationBatch local(
      String batchId,
      List<String> tokens,
      List<EntitySnapshot> entities,
      Optional<String> originAgentId,
      Optional<String> originRunKey) {
    return local(batchId, tokens, entities, originAgentId, originRunKey, Cause.NONE);
  }

  /**
   * A batch made on this node (schema version 1, no host counter, tokens unclassified) with the
   * agent and run that caused it, when known, and the chain of runs behind it.
   */
  public static NotificationBatch local(
      String batchId,
      List<String> tokens,
      List<EntitySnapshot> entities,
      Optional<String> originAgentId,
      Optional<String> originRunKey,
      Cause cause) {
    return new NotificationBatch(
        1,
        batchId,
        Origin.LOCAL,
        Optional.empty(),
        OptionalLong.empty(),
        tokens,
        List.of(),
        List.of(),
        List.of(),
        entities,
        originAgentId,
        originRunKey,
        cause);
  }

  public NotificationBatch {
    Objects.requireNonNull(batchId, "batchId");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(cause, "cause");
    tokens = List.copyOf(tokens);
    semanticKeys = List.copyOf(semanticKeys);
    subtypeTokens = List.copyOf(subtypeTokens);
    entityIds = List.copyOf(entityIds);
    entities = List.copyOf(entities);
  }

  /** Every token the batch carries, raw and pre-classified, in order of appearance. */
  public List<String> allTokens() {
    var all = new java.util.LinkedHashSet<String>(tokens);
    all.addAll(semanticKeys);
    all.addAll(subtypeTokens);
    all.addAll(entityIds);
    return List.copyOf(all);
  }

  /**
   * The fields of this batch that claim Reveille's own authorship — {@code originAgentId}, {@code
   * originRunKey}, {@code hops} and {@code chain}, an {@code origin} other than {@code external} —
   * and so suppress or shape wakes; only the server's own producers and principals trusted for it
   * may set them.
   */
  public List<String> originClaims() {
    var claims = new java.util.ArrayList<String>();
    if (origin != Origin.EXTERNAL) {
      claims.add("origin");
    }
    originAgentId.ifPresent(v -> claims.add("originAgentId"));
    originRunKey.ifPresent(v -> claims.add("originRunKey"));
    if (!cause.isNone()) {
      claims.add("hops");
    }
    if (!cause.chain().isEmpty()) {
      claims.add("chain");
    }
    return List.copyOf(claims);
  }

  /** This batch with {@code newCause} behind it instead of its own. */
  public NotificationBatch withCause(Cause newCause) {
    return new NotificationBatch(
        schemaVersion,
        batchId,
        origin,
        hostId,
        counter,
        tokens,
        semanticKeys,
        subtypeTokens,
        entityIds,
        entities,
        originAgentId,
        originRunKey,
        newCause);
  }

  /** This batch as any outside producer's: no claim of Reveille's authorship. */
  public NotificationBatch withoutOriginClaims() {
    return new NotificationBatch(
        schemaVersion,
        batchId,
        Origin.EXTERNAL,
        hostId,
        counter,
        tokens,
        semanticKeys,
        subtypeTokens,
        entityIds,
        entities,
        Optional.empty(),
        Optional.empty(),
        Cause.NONE);
  }

  /** Where a batch came from. */
  public enum Origin implements WireEnum {
    LOCAL("local"),
    SYNC("sync"),
    EXTERNAL("external");

    private final String wire;

    Origin(String wire) {
      this.wire = wire;
    }

    @Override
    public String wire() {
      return wire;
    }
  }

  /** A producer's snapshot of a changed entity that Reveille does not store itself. */
  public record EntitySnapshot(
      String id,
      Optional<String> type,
      Optional<String> categoryId,
      Map<String, Object> attributes) {
    public EntitySnapshot {
      Objects.requireNonNull(id, "id");
      attributes = Map.copyOf(attributes);
    }
  }
}
