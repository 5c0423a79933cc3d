package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobSpecTest {

  private static JsonObject json(String text) {
    try (var reader = Json.createReader(new StringReader(text))) {
      return reader.readObject();
    }
  }

  @Test
  void aFullSpecRoundTripsThroughItsStoredForm() {
    var spec =
        JobSpec.parse(
            json(
                """
                {"constraints":{"allowedDomains":["api.example.com"],"forbiddenActions":["delete_task"],
                  "noDuplicateExternalActions":true},
                 "stopConditions":[{"type":"artifactExists","artifact":"summary.md"},
                   {"type":"toolResult","tool":"send_it","pointer":"/state","equals":"sent"},
                   {"type":"budget","budget":"maxToolCalls"}],
                 "expectedArtifacts":["summary.md"],
                 "escalation":{"onAmbiguity":true,"onBudget":true},
                 "budgets":{"maxSteps":12}}
                """));
    assertEquals(spec, JobSpec.fromJson(spec.toJson()));
    assertEquals(3, spec.stopConditions().size());
    assertTrue(spec.stopsAt(RunBudget.MAX_TOOL_CALLS));
    assertFalse(spec.stopsAt(RunBudget.MAX_STEPS));
    assertEquals(
        new JobSpec.ToolResultMatches(
            "send_it", Optional.of("/state"), Optional.of(Json.createValue("sent"))),
        spec.stopConditions().get(1));
  }

  @Test
  void anEmptyRequestIsAJobWithoutConstraintsOrConditions() {
    var spec = JobSpec.parse(json("{}"));
    assertTrue(spec.stopConditions().isEmpty());
    assertTrue(spec.constraints().allowsHost("anything.example.org"));
    assertFalse(spec.constraints().noDuplicateExternalActions());
  }

  @Test
  void allowedDomainsTakeTheirSubdomainsAndNothingElse() {
    var constraints = new JobSpec.Constraints(List.of("example.com"), java.util.Set.of(), false);
    assertTrue(constraints.allowsHost("example.com"));
    assertTrue(constraints.allowsHost("API.example.com"));
    assertFalse(constraints.allowsHost("badexample.com"));
    assertFalse(constraints.allowsHost("example.com.evil.org"));
    assertFalse(constraints.allowsHost("127.0.0.1"));
    assertFalse(constraints.allowsHost(null));
  }

  @Test
  void everyBadFieldIsNamedAtOnce() {
    var refused =
        assertThrows(
            InvalidInputException.class,
            () ->
                JobSpec.parse(
                    json(
                        """
                        {"constraints":{"allowedDomains":["Not A Host"],"forbiddenActions":["Bad-Name"],
                          "noDuplicateExternalActions":"yes","extra":1},
                         "stopConditions":[{"type":"sometime"},{"type":"toolResult","tool":"t","equals":1},
                           {"type":"artifactExists","artifact":"../etc/passwd"},
                           {"type":"budget","budget":"maxFun"}],
                         "expectedArtifacts":"summary.md",
                         "escalation":{"onAuthFailure":"yes"},
                         "budgets":{"maxSteps":0,"maxToolCalls":1.5}}
                        """)));
    var fields = refused.getViolations().stream().map(v -> v.field()).toList();
    assertEquals(
        List.of(
            "constraints.extra",
            "constraints.allowedDomains[0]",
            "constraints.forbiddenActions[0]",
            "constraints.noDuplicateExternalActions",
            "stopConditions[0].type",
            "stopConditions[1].equals",
            "stopConditions[2].artifact",
            "stopConditions[3].budget",
            "expectedArtifacts",
            "escalation.onAuthFailure",
            "budgets.maxSteps",
            "budgets.maxToolCalls"),
        fields);
  }

  @Test
  void theJobsBudgetsOnlyLowerTheAgentsAndItsEscalationApplies() {
    var agents = new RunSpec(Duration.ofMinutes(5), 8, 50, 3, 3, 100_000);
    var spec =
        JobSpec.parse(
            json(
                "{\"budgets\":{\"maxSteps\":20,\"maxToolCalls\":10},"
                    + "\"escalation\":{\"onBudget\":true}}"));
    var applied = spec.applyTo(agents);
    assertEquals(8, applied.maxSteps(), "raising a budget is an admin's change to the agent");
    assertEquals(10, applied.maxToolCalls());
    assertEquals(3, applied.maxToolRetries());
    assertTrue(applied.askHumanOnBudget());
  }

  @Test
  void theBriefAndTheReminderNameWhatTheModelMustKnow() {
    var spec =
        JobSpec.parse(
            json(
                """
                {"constraints":{"allowedDomains":["api.example.com"],"forbiddenActions":["delete_task"]},
                 "stopConditions":[{"type":"artifactExists","artifact":"summary.md"}],
                 "escalation":{"onAmbiguity":true}}
                """));
    var job = new Jobs.Job("run-1", "agent-1", "Summarise the week", spec);
    var brief = job.brief();
    for (var expected :
        List.of("Summarise the week", "api.example.com", "delete_task", "summary.md", "ask_user")) {
      assertTrue(brief.contains(expected), () -> expected + " in " + brief);
    }
    assertEquals(job.reminder(), job.reminder());
    assertTrue(job.reminder().contains("summary.md"));
  }
}
