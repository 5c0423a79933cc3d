package io.reveille.testing;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.UUID;

/**
 * A producer's attempt to keep an agent asleep by claiming to be it: batches that touch the
 * victim's subscription and claim Reveille's authorship of the change ({@code origin} local, the
 * victim as {@code originAgentId}), which, were the claim kept, would leave the victim unwoken.
 */
public final class Forgery {

  private static final Duration WAKE = Duration.ofSeconds(60);

  private final Api api;
  private final Agents agents;
  private final String victim;
  private final String entity;

  /** A forged batch: its id and its document. */
  public record Batch(String id, String document) {}

  private Forgery(Api api, Agents agents, String victim, String entity) {
    this.api = api;
    this.agents = agents;
    this.victim = victim;
    this.entity = entity;
  }

  /** A new victim, subscribed to an entity of its own, for forgeries over {@code protocol}. */
  public static Forgery against(Api api, String protocol) {
    var agents = new Agents(api);
    var victim = agents.createCustom("Victim of a forgery over " + protocol);
    var entity = "forged-" + protocol.toLowerCase(java.util.Locale.ROOT) + "-" + UUID.randomUUID();
    agents.subscribe(victim, "{\"entityIds\":[\"" + entity + "\"]}");
    return new Forgery(api, agents, victim, entity);
  }

  /** A new forged batch claiming the victim itself made the change it reports. */
  public Batch batch() {
    var id = "forged-" + UUID.randomUUID();
    return new Batch(
        id,
        "{\"schemaVersion\":1,\"batchId\":\""
            + id
            + "\",\"origin\":\"local\",\"originAgentId\":\""
            + victim
            + "\",\"originRunKey\":\"forged\",\"tokens\":[\""
            + entity
            + "\"]}");
  }

  /**
   * The server recorded {@code batch} as an outside producer's, its claims dropped, and the victim
   * woke for it.
   */
  public void assertClaimDroppedAndVictimWoken(Batch batch) {
    await().atMost(WAKE).until(() -> !agents.completedRuns(victim, "subscription").isEmpty());
    var recorded = api.get("/api/notifications/" + batch.id());
    assertEquals(200, recorded.status(), recorded::toString);
    var document = recorded.json();
    assertEquals("external", document.getString("origin"), document::toString);
    assertFalse(document.containsKey("originAgentId"), document::toString);
    assertFalse(document.containsKey("originRunKey"), document::toString);
  }
}
