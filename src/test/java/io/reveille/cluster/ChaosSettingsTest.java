package io.reveille.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.cluster.ChaosIT.Fault;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChaosSettingsTest {

  private static ChaosSettings read(Map<String, String> properties) {
    return ChaosSettings.from(properties::get, () -> 42L);
  }

  @Test
  void unsetPropertiesGiveTheDefaultsAndARandomSeed() {
    var settings = read(Map.of());

    assertEquals(42L, settings.seed());
    assertEquals(5, settings.faultsPerKind());
    assertEquals(List.of(Fault.values()), settings.kinds());
    assertEquals(5, settings.checkEvery());
    assertEquals(60, settings.maxMinutes());
  }

  @Test
  void givenValuesAreTakenAsWritten() {
    var settings =
        read(
            Map.of(
                ChaosSettings.SEED, "-7",
                ChaosSettings.FAULTS_PER_KIND, "1",
                ChaosSettings.KINDS, " pause, KILL ",
                ChaosSettings.MAX_MINUTES, "5"));

    assertEquals(-7L, settings.seed());
    assertEquals(1, settings.faultsPerKind());
    assertEquals(List.of(Fault.PAUSE, Fault.KILL), settings.kinds());
    assertEquals(5, settings.maxMinutes());
  }

  @Test
  void aSeedThatIsNotALongIsRefused() {
    var refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> read(Map.of(ChaosSettings.SEED, "18446744073709551615")));

    assertTrue(refused.getMessage().contains("18446744073709551615"), refused.getMessage());
  }

  @Test
  void noFaultsOrNoChecksAreRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> read(Map.of(ChaosSettings.FAULTS_PER_KIND, "0")));
    assertThrows(
        IllegalArgumentException.class, () -> read(Map.of(ChaosSettings.FAULTS_PER_KIND, "many")));
    assertThrows(
        IllegalArgumentException.class, () -> read(Map.of(ChaosSettings.CHECK_EVERY, "-1")));
  }

  @Test
  void anUnknownRepeatedOrEmptyKindIsRefusedNamingTheKnownOnes() {
    var unknown =
        assertThrows(
            IllegalArgumentException.class, () -> read(Map.of(ChaosSettings.KINDS, "KILL,REBOOT")));
    assertTrue(
        unknown.getMessage().contains("KILL,RESTART,BROKER,DATABASE,PAUSE"), unknown.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> read(Map.of(ChaosSettings.KINDS, "KILL,kill")));
    assertThrows(IllegalArgumentException.class, () -> read(Map.of(ChaosSettings.KINDS, "KILL,")));
  }
}
