package io.reveille.security.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.TestIdentities;
import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The audit trail through the real server: every state-changing request, allowed or refused, is
 * recorded with its principal, roles, request id and outcome, and administrators alone read it.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class AuditIT {

  private final Api admin = new Api();
  private final Agents agents = new Agents(admin);

  @Test
  void changesAndRefusalsAreRecordedWithTheirPrincipalAndOnlyAdministratorsReadThem() {
    var agentId = agents.createCustom("Audited");
    var operator = admin.as(Role.OPERATOR);

    var paused = operator.post("/api/agents/" + agentId + "/pause", "");
    assertEquals(200, paused.status(), paused::toString);
    var pauseRequest = paused.header(AuditFilter.REQUEST_ID);
    var refused = admin.as(Role.VIEWER).post("/api/agents/" + agentId + "/resume", "");
    assertEquals(403, refused.status(), refused::toString);

    var resumed = operator.post("/api/agents/" + agentId + "/resume", "");
    assertEquals(200, resumed.status(), resumed::toString);
    var woken = operator.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, woken.status(), woken::toString);
    var runKey = woken.json().getString("runKey");
    var operation = "op-" + UUID.randomUUID();
    var called =
        admin.post(
            "/api/agents/" + agentId + "/tools/record_observations",
            "{\"operationId\":\""
                + operation
                + "\",\"arguments\":{\"observations\":[{\"text\":\"Audited.\"}]}}");
    assertEquals(200, called.status(), called::toString);
    var replayed =
        admin.post(
            "/api/agents/" + agentId + "/tools/record_observations",
            "{\"operationId\":\""
                + operation
                + "\",\"arguments\":{\"observations\":[{\"text\":\"Audited.\"}]}}");
    assertEquals(200, replayed.status(), replayed::toString);
    assertTrue(replayed.json().getBoolean("replayed"), replayed::toString);
    var notes =
        admin
            .get(
                "/api/agents/"
                    + agentId
                    + "/messages?threadId="
                    + agentId
                    + ":operator&content=true")
            .json()
            .getJsonArray("items")
            .getValuesAs(JsonObject.class);
    assertEquals(4, notes.size(), notes::toString);
    var operatorName = TestIdentities.userName(Role.OPERATOR);
    assertEquals(
        List.of(
            "Tool record_observations (operation "
                + operation
                + ") run on behalf of the agent by "
                + TestIdentities.ADMIN,
            "Manual wake " + runKey + " asked by " + operatorName,
            "dormant → active, asked by " + operatorName,
            "active → dormant, asked by " + operatorName),
        notes.stream().map(n -> n.getString("content", "")).toList(),
        "the agent's own log names who moved it, newest first; a replayed operation is not"
            + " noted again");

    var trail = admin.getAll("/api/audit?agentId=" + agentId);
    var creation = only(trail, "POST", "/api/agents", TestIdentities.ADMIN);
    assertEquals(TestIdentities.ADMIN, creation.getString("principal"));
    assertEquals("succeeded", creation.getString("outcome"));
    var pause = only(trail, "POST", "/api/agents/" + agentId + "/pause", operatorName);
    assertEquals(TestIdentities.userName(Role.OPERATOR), pause.getString("principal"));
    assertEquals("operator,viewer", pause.getString("roles"));
    assertEquals("basic", pause.getString("mechanism"));
    assertEquals(pauseRequest, pause.getString("requestId"));
    assertEquals(200, pause.getInt("status"));
    assertTrue(pause.getString("targetIds").contains("id=" + agentId), pause::toString);
    var resume =
        only(
            trail,
            "POST",
            "/api/agents/" + agentId + "/resume",
            TestIdentities.userName(Role.VIEWER));
    assertEquals(TestIdentities.userName(Role.VIEWER), resume.getString("principal"));
    assertEquals("refused", resume.getString("outcome"));
    assertEquals(403, resume.getInt("status"));

    var byOperator =
        admin.getAll(
            "/api/audit?principal="
                + TestIdentities.userName(Role.OPERATOR)
                + "&agentId="
                + agentId);
    assertEquals(3, byOperator.size(), "pause, resume, wake: " + byOperator);

    var forbidden = admin.as(Role.OPERATOR).get("/api/audit");
    assertEquals(403, forbidden.status(), forbidden::toString);
    var badTime = admin.get("/api/audit?from=yesterday");
    assertEquals(400, badTime.status(), badTime::toString);
    assertTrue(badTime.body().contains("from"), badTime::toString);
  }

  @Test
  void anAnonymousChangeIsRecordedAsRefusedUnderTheRequestIdTheClientGave() {
    var since = Instant.now().minusSeconds(1);
    var requestId = "audit-it-" + UUID.randomUUID();
    var anonymous =
        admin
            .as((String) null)
            .send("DELETE", "/api/agents/someone-else", "", "X-Request-Id", requestId);
    assertEquals(401, anonymous.status(), anonymous::toString);
    assertEquals(requestId, anonymous.header(AuditFilter.REQUEST_ID));

    var recorded =
        admin
            .getAll(
                "/api/audit?principal=anonymous&from="
                    + URLEncoder.encode(since.toString(), StandardCharsets.UTF_8))
            .stream()
            .filter(event -> requestId.equals(event.getString("requestId")))
            .toList();
    assertEquals(1, recorded.size(), recorded::toString);
    assertEquals("refused", recorded.get(0).getString("outcome"));
    assertEquals(401, recorded.get(0).getInt("status"));
    assertEquals("/api/agents/someone-else", recorded.get(0).getString("path"));
  }

  private static JsonObject only(
      List<JsonObject> trail, String method, String path, String principal) {
    var matching =
        trail.stream()
            .filter(e -> method.equals(e.getString("method")) && path.equals(e.getString("path")))
            .filter(e -> principal.equals(e.getString("principal")))
            .toList();
    assertEquals(1, matching.size(), method + " " + path + " in " + trail);
    return matching.get(0);
  }
}
