package io.reveille.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class StreamQuotaTest {

  @Test
  void onePrincipalCannotTakeEverySlotFromEveryoneElse() {
    var quota = new StreamQuota(3, 2);
    assertEquals(Optional.empty(), quota.tryTake("mallory"));
    assertEquals(Optional.empty(), quota.tryTake("mallory"));
    assertEquals(Optional.of(StreamQuota.Refusal.PRINCIPAL_FULL), quota.tryTake("mallory"));
    assertEquals(Optional.empty(), quota.tryTake("alice"));
    assertEquals(Optional.of(StreamQuota.Refusal.NODE_FULL), quota.tryTake("bob"));
    assertEquals(0, quota.inUse("bob"), "a refused stream holds nothing");
    assertEquals(3, quota.inUse());

    quota.release("mallory");
    assertEquals(1, quota.inUse("mallory"));
    assertEquals(Optional.empty(), quota.tryTake("bob"));
    quota.release("alice");
    assertEquals(0, quota.inUse("alice"));
  }
}
