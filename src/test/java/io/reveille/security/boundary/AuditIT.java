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

    var trail = admin.getAll("/api/audit?agentId=" + agentId);
    var creation = only(trail, "POST", "/api/agents");
    assertEquals(TestIdentities.ADMIN, creation.getString("principal"));
    assertEquals("succeeded", creation.getString("outcome"));
    var pause = only(trail, "POST", "/api/agents/" + agentId + "/pause");
    assertEquals(TestIdentities.userName(Role.OPERATOR), pause.getString("principal"));
    assertEquals("operator,viewer", pause.getString("roles"));
    assertEquals("basic", pause.getString("mechanism"));
    assertEquals(pauseRequest, pause.getString("requestId"));
    assertEquals(200, pause.getInt("status"));
    assertTrue(pause.getString("targetIds").contains("id=" + agentId), pause::toString);
    var resume = only(trail, "POST", "/api/agents/" + agentId + "/resume");
    assertEquals(TestIdentities.userName(Role.VIEWER), resume.getString("principal"));
    assertEquals("refused", resume.getString("outcome"));
    assertEquals(403, resume.getInt("status"));

    var byOperator =
        admin.getAll(
            "/api/audit?principal="
                + TestIdentities.userName(Role.OPERATOR)
                + "&agentId="
                + agentId);
    assertEquals(1, byOperator.size(), byOperator::toString);

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

  private static JsonObject only(List<JsonObject> trail, String method, String path) {
    var matching =
        trail.stream()
            .filter(e -> method.equals(e.getString("method")) && path.equals(e.getString("path")))
            .toList();
    assertEquals(1, matching.size(), method + " " + path + " in " + trail);
    return matching.get(0);
  }
}
