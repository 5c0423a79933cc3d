package io.reveille.console;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.testing.Agents;
import io.reveille.testing.Api;
import io.reveille.testing.SameOnEveryStack;
import io.reveille.testing.TestIdentities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The console in a real browser (Debian's headless Chromium, driven over chromium-driver) against
 * the test server: an operator creates a task agent and watches its report and activity log follow
 * a change of the task without reloading, pauses and resumes it; a viewer finds no control it may
 * not use; a session's reply streams in; an administrator creates an agent from a template's form
 * and sees the server's refusal of a bad parameter next to it, where a viewer sees the parameters
 * and no form; with polling set to minutes a new run arrives on the runs page by the change event
 * stream alone; the needs-you view shows what waits for a person and the header counts it; the runs
 * list names agents by their display name and opens filtered from its address; tool calls read as a
 * line with their JSON a click away; times show in the viewer's zone with UTC on hover; the pages
 * pass in the dark theme too; the overview draws the run log's last hour, a run's page its timeline
 * and an agent's page its wake strip, each picture with its numbers as a table. Screenshots of the
 * pages go to {@code target/console/}, and axe-core finds no serious or critical accessibility
 * violation on them. The CI run installs the browser and sets {@code REVEILLE_IT_REQUIRE_BROWSER},
 * so there a missing browser fails; elsewhere the test is skipped naming the packages to install.
 *
 * <p>What the browser adds is the same on every stack: the pages read the same API that the other
 * integration tests check on whichever database and broker they run.
 */
@SameOnEveryStack
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ConsoleIT {

  private static final Path SHOTS = ConsoleBrowser.SHOTS;
  private static final Duration WAIT = ConsoleBrowser.WAIT;

  private final Api api = new Api();
  private final List<String> made = new ArrayList<>();
  private final String base =
      System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181").replaceAll("/$", "");
  private ConsoleBrowser console;
  private ChromeDriver browser;

  @BeforeEach
  void openBrowser(org.junit.jupiter.api.TestInfo test) {
    console = ConsoleBrowser.open(test.getTestMethod().map(m -> m.getName()).orElse("test"));
    browser = console.driver;
  }

  /** The page as the test left it, for whoever reads a failure: target/console/last-*. */
  @AfterEach
  void closeBrowser() {
    if (console != null) {
      console.close();
    }
  }

  /** The agents a test made through the console are destroyed again. */
  @AfterEach
  void destroyMade() {
    made.forEach(id -> api.post("/api/agents/" + id + "/destroy", ""));
  }

  @Test
  void anOperatorWatchesATaskAgentFollowItsTaskAndPausesAndResumesIt() throws IOException {
    var category = category();
    var task =
        api.post(
            "/api/tasks",
            "{\"title\":\"Console task "
                + UUID.randomUUID()
                + "\",\"priority\":\"p2\",\"categoryId\":\""
                + category
                + "\"}");
    assertEquals(201, task.status(), task::toString);
    var taskId = task.json().getString("id");

    signIn(Role.OPERATOR);
    type(visible("#new-task-agent-task"), taskId);
    click("#new-task-agent button[type=submit]");
    await().atMost(WAIT).until(() -> browser.getCurrentUrl().contains("#/agents/"));
    var agentId = browser.getCurrentUrl().replaceAll(".*#/agents/", "");
    // A reload would forget this; it must still be there after the page has followed the change.
    browser.executeScript("window.consoleTestMarker = 'still the same page';");

    var firstReport = awaitText("#report-body", text -> text.contains("Priority: p2"));
    var entriesBefore = browser.findElements(By.cssSelector("#activity-log li[data-kind]")).size();
    assertTrue(entriesBefore > 0, "the activity log shows the first wake");

    var current = api.get("/api/tasks/" + taskId);
    var changed =
        api.patch("/api/tasks/" + taskId, "{\"priority\":\"p0\"}", current.header("ETag"));
    assertEquals(200, changed.status(), changed::toString);

    var report = awaitText("#report-body", text -> text.contains("Priority: p0"));
    assertTrue(!report.equals(firstReport), "the report changed on the page");
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () ->
                browser.findElements(By.cssSelector("#activity-log li[data-kind]")).size()
                    > entriesBefore);
    assertEquals("still the same page", browser.executeScript("return window.consoleTestMarker;"));
    screenshotAndCheck("agent");

    click("#pause");
    visible("#resume");
    assertEquals("dormant", api.get("/api/agents/" + agentId).json().getString("lifecycle"));
    click("#resume");
    visible("#pause");
    assertEquals("active", api.get("/api/agents/" + agentId).json().getString("lifecycle"));

    // A decoy that the name filter must hide: listed first (newest), gone once the filter applies.
    var decoy = "Decoy " + UUID.randomUUID();
    new Agents(api).createCustom(decoy);
    browser.get(base + "/#/agents");
    awaitText("#agents-results", text -> text.contains(decoy));
    type(visible("#filter-name"), "Console task");
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () -> browser.findElements(By.cssSelector("#agents-results tbody tr")),
            rows ->
                !rows.isEmpty()
                    && rows.stream().allMatch(row -> row.getText().contains("Console task")));
    assertTrue(
        !browser.findElement(By.cssSelector("#agents-results")).getText().contains(decoy),
        "the filter hides the decoy");
    // The filter is in the address: opened again from it, the list is filtered the same way.
    await()
        .atMost(WAIT)
        .until(() -> browser.getCurrentUrl(), url -> url.endsWith("#/agents?name=Console+task"));
    browser.navigate().refresh();
    assertEquals("Console task", visible("#filter-name").getAttribute("value"));
    awaitText("#agents-results", text -> text.contains("Console task") && !text.contains(decoy));
    screenshotAndCheck("agents");
  }

  @Test
  void aViewerSeesTheAgentButNoControlAndTheApiRefusesThemAnyway() {
    var agentId = new Agents(api).createCustom("Watched " + UUID.randomUUID(), "autonomous");

    signIn(Role.VIEWER);
    var token =
        (String)
            browser.executeScript(
                "return sessionStorage.getItem('reveille.console.authorization');");
    browser.get(base + "/#/agents/" + agentId);
    awaitText("#agent-header", text -> text.contains("Watched"));
    awaitText("#agent-state", text -> text.contains("Failure streak"));
    assertTrue(browser.findElements(By.cssSelector("#destroy")).isEmpty(), "no destroy button");
    assertTrue(browser.findElements(By.cssSelector("#pause")).isEmpty(), "no pause button");
    assertTrue(browser.findElements(By.cssSelector("#wake-now")).isEmpty(), "no wake button");
    assertEquals(403, api.as(Role.VIEWER).post("/api/agents/" + agentId + "/destroy", "").status());
    assertEquals("active", api.get("/api/agents/" + agentId).json().getString("lifecycle"));

    click("#sign-out");
    visible("#sign-in-user");
    assertEquals(
        null,
        browser.executeScript("return sessionStorage.getItem('reveille.console.authorization');"));
    // Signing out revoked the session token: the server refuses it from now on.
    await().atMost(WAIT).until(() -> api.as(token).get("/api/me").status() == 401);
  }

  @Test
  void anAdministratorFollowsRunsTheBrokerTheSitesAndTheToolContract() throws IOException {
    var agents = new Agents(api);
    var agentId = agents.createCustom("Run watched " + UUID.randomUUID());
    var runKey = agents.awaitManualWake(agentId);

    signIn(Role.ADMIN);
    browser.get(base + "/#/runs");
    type(visible("#runs-agent"), agentId);
    awaitText("#runs-results", text -> text.contains("manual") && text.contains("completed"));
    screenshotAndCheck("runs");
    click("#runs-results a[href='#/runs/" + runKey + "']");
    awaitText("#main", text -> text.contains(runKey) && text.contains("Messages"));

    browser.get(base + "/#/broker");
    awaitText("#queue-depths", text -> text.contains("reveille.notifications"));
    awaitText("#dead-letters", text -> text.contains("Dead letters of notifications"));
    screenshotAndCheck("broker");

    // The test server is a site of a multi-site deployment: its page says which, and how far.
    browser.get(base + "/#/sites");
    awaitText("#sync-own", text -> text.contains("site-it") && text.contains("Sent through"));
    awaitText("#sync-peers", text -> text.contains("Peer sites"));
    screenshotAndCheck("sites");

    browser.get(base + "/#/tools");
    // The built-in tools and the external ones the test server declares.
    awaitText(
        "#tool-contract",
        text -> text.matches("(?s).*\\b\\d+ tools\\b.*") && text.contains("create_task"));
    screenshotAndCheck("tools");
  }

  /**
   * The overview draws the last hour of the run log and a run just made counts in it: its reason
   * and status in the runs per minute, its wait before starting; the top agents and the queue
   * depths are tables with bars. The run's page draws its timeline and the agent's page its wake
   * strip. Every picture carries its numbers as a table, which is what a screen reader reads.
   */
  @Test
  void anAdministratorSeesTheOverviewChartsARunTimelineAndAWakeStrip() throws IOException {
    var agents = new Agents(api);
    var agentId = agents.createCustom("Charted " + UUID.randomUUID());
    made.add(agentId);
    var runKey = agents.awaitManualWake(agentId);

    signIn(Role.ADMIN);
    click("#nav-overview");
    for (var chart :
        List.of(
            "#chart-runs-by-reason",
            "#chart-runs-by-status",
            "#chart-start-wait",
            "#chart-timer-lateness")) {
      await()
          .atMost(WAIT)
          .ignoreExceptions()
          .until(() -> visible(chart + " canvas").getSize().getWidth() > 200);
    }
    // The text alternatives hold the numbers: at least the one manual, completed run of this test.
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> runsCounted("#chart-runs-by-reason", "manual") >= 1);
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> runsCounted("#chart-runs-by-status", "completed") >= 1);
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () -> textContent("#chart-start-wait tbody"),
            text -> text.matches("(?s).*\\d+(\\.\\d)? (ms|s|min|h).*"));
    awaitText("#overview-queues", text -> text.contains("reveille.notifications"));
    visible("#overview-tokens table caption");
    screenshotAndCheck("overview");

    browser.get(base + "/#/runs/" + runKey);
    visible("#run-timeline");
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () -> textContent("#run-timeline table"),
            text -> text.contains("queued, waiting to start") && text.contains("running"));
    assertTrue(
        browser.findElements(By.cssSelector("#run-timeline .timeline-bar")).size() >= 2,
        "a bar for the wait and one for the run");
    screenshotAndCheck("run-timeline");

    browser.get(base + "/#/agents/" + agentId);
    visible("#agent-wake-strip");
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () ->
                !browser
                        .findElements(
                            By.cssSelector("#agent-wake-strip .strip-mark.status-completed"))
                        .isEmpty()
                    && !browser
                        .findElements(
                            By.cssSelector("#agent-wake-strip a[href='#/runs/" + runKey + "']"))
                        .isEmpty());
    screenshotAndCheck("agent-wake-strip");
  }

  /**
   * The runs a chart's table counts for {@code series} (a column of the table), over its minutes.
   */
  private long runsCounted(String chart, String series) {
    var counted =
        browser.executeScript(
            "const table = document.querySelector(arguments[0] + ' table');"
                + "const column = [...table.querySelectorAll('thead th')]"
                + "  .findIndex(th => th.textContent === arguments[1]);"
                + "if (column < 0) return 0;"
                + "return [...table.querySelectorAll('tbody tr')]"
                + "  .map(tr => Number(tr.children[column]?.textContent) || 0)"
                + "  .reduce((a, b) => a + b, 0);",
            chart,
            series);
    return ((Number) counted).longValue();
  }

  /** The text of an element, shown or not (a closed details' table is not shown). */
  private String textContent(String css) {
    return browser.findElement(By.cssSelector(css)).getDomProperty("textContent");
  }

  /**
   * With polling set to ten minutes, a run woken through the API appears on the open runs page, and
   * its completion follows, only by the change event stream, without a reload; then another on the
   * overview's latest runs the same way.
   */
  @Test
  void anAdministratorSeesANewRunArriveByPushWithPollingAlmostOff() throws IOException {
    signIn(Role.ADMIN);
    browser.executeScript("localStorage.setItem('reveille.console.pollSeconds', '600');");
    click("#nav a[href='#/runs']");
    visible("#runs-results table");
    // A stream of an earlier test may still count against the administrator's streams for a
    // moment: the console keeps trying until the server takes this one.
    awaitText("#live-state", text -> text.equals("updates: live"));
    browser.executeScript("window.consoleTestMarker = 'still the same page';");

    var agentId = new Agents(api).createCustom("Pushed " + UUID.randomUUID());
    made.add(agentId);
    var woken = api.post("/api/agents/" + agentId + "/wakes", "");
    assertEquals(202, woken.status(), woken::toString);
    var runKey = woken.json().getString("runKey");

    var row = By.xpath("//div[@id='runs-results']//a[@href='#/runs/" + runKey + "']/ancestor::tr");
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> browser.findElement(row).getText(), text -> text.contains("manual"));
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> browser.findElement(row).getText(), text -> text.contains("completed"));
    assertEquals("still the same page", browser.executeScript("return window.consoleTestMarker;"));
    assertEquals("updates: live", visible("#live-state").getText());

    // The overview too: its latest runs and pictures follow the stream, not a poll.
    click("#nav-overview");
    visible("#overview-latest table");
    var another = new Agents(api).createCustom("Pushed " + UUID.randomUUID());
    made.add(another);
    var second = api.post("/api/agents/" + another + "/wakes", "");
    assertEquals(202, second.status(), second::toString);
    var secondRow =
        By.xpath(
            "//section[@id='overview-latest']//a[@href='#/runs/"
                + second.json().getString("runKey")
                + "']/ancestor::tr");
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> browser.findElement(secondRow).getText(), text -> text.contains("completed"));
    assertEquals("still the same page", browser.executeScript("return window.consoleTestMarker;"));
  }

  /**
   * The needs-you view lists what the API says waits for a person, newest first, with the agent's
   * name linking to its page, and the header counts it; with nothing waiting it says so.
   */
  @Test
  void anOperatorSeesWhatNeedsThemAndTheCountInTheHeader() throws IOException {
    signIn(Role.OPERATOR);
    click("#nav-needs-you");
    awaitText("#needs-you-counts", text -> text.contains("proposals to decide"));
    var needs = api.get("/api/needs-you?limit=50");
    assertEquals(200, needs.status(), needs::toString);
    var items = needs.json().getJsonArray("items").getValuesAs(JsonObject.class);
    if (items.isEmpty()) {
      awaitText("#needs-you-empty", text -> text.startsWith("Nothing waits for you"));
      assertFalse(visible("#nav-needs-you").getText().matches(".*\\d.*"), "no count shown");
    } else {
      var newest = items.get(0);
      var row = "#needs-you-results tr[data-id='" + newest.getString("id") + "']";
      awaitText(row, text -> text.contains(newest.getString("summary")));
      var agentLink =
          browser.findElement(
              By.cssSelector(row + " a[href='#/agents/" + newest.getString("agentId") + "']"));
      assertEquals(newest.getString("agentName"), agentLink.getText());
      await()
          .atMost(WAIT)
          .ignoreExceptions()
          .until(
              () -> {
                var now = api.get("/api/needs-you?limit=1").json();
                var waiting =
                    now.getJsonNumber("proposals").longValue()
                        + now.getJsonNumber("inDoubt").longValue()
                        + now.getJsonNumber("questions").longValue();
                return visible("#needs-you-count").getText().equals(String.valueOf(waiting));
              });
    }
    screenshotAndCheck("needs-you");
  }

  @Test
  void aSessionsReplyStreamsIn() {
    var name = "Coach " + UUID.randomUUID();
    var agentId = new Agents(api).createCustom(name, "interactive");

    signIn(Role.OPERATOR);
    browser.get(base + "/#/sessions");
    click("button.open-session[data-agent='" + agentId + "']");
    type(visible("#turn-text"), "Plan my morning");
    click("#turn-form button[type=submit]");

    awaitText("#transcript", text -> text.contains("Plan my morning"));
    awaitText("#transcript", text -> text.contains("Woken (userInitiated)"));
    assertEquals("live", visible("#stream-state").getText());
  }

  @Test
  void anAdministratorCreatesAnAgentFromATemplatesForm() throws IOException {
    var category = category();
    var name = "From template " + UUID.randomUUID();

    signIn(Role.ADMIN);
    click("#nav a[href='#/templates']");
    awaitText(
        "#templates-results",
        text ->
            text.contains("custom")
                && text.contains("Custom agent")
                && text.contains("dayPlanner"));
    screenshotAndCheck("templates");

    // A value the template's pattern refuses: the server's message names the parameter, and the
    // form stays as it was, ready to be corrected.
    click("#templates-results a[href='#/templates/dayPlanner']");
    type(visible("#param-categoryIds"), category);
    type(visible("#param-planAt"), "25:99");
    click("#template-create");
    awaitText("#template-form-error[role=alert]", text -> text.contains("planAt"));
    assertEquals("true", visible("#param-planAt").getAttribute("aria-invalid"));
    assertTrue(browser.getCurrentUrl().endsWith("#/templates/dayPlanner"), "still on the form");
    assertEquals(category, visible("#param-categoryIds").getAttribute("value"));
    // A required field left empty is caught before anything is sent.
    visible("#param-categoryIds").clear();
    click("#template-create");
    awaitText(
        "#template-form-error[role=alert]",
        text -> text.contains("categoryIds: is required") && !text.contains("planAt"));

    browser.get(base + "/#/templates");
    click("#templates-results a[href='#/templates/custom']");
    visible("#param-instructions");
    type(visible("#param-displayName"), name);
    type(visible("#param-instructions"), "Keep an eye on the console's own test.");
    type(visible("#param-categoryIds"), category);
    screenshotAndCheck("template-form");
    click("#template-create");

    await().atMost(WAIT).until(() -> browser.getCurrentUrl().contains("#/agents/"));
    var agentId = browser.getCurrentUrl().replaceAll(".*#/agents/", "");
    made.add(agentId);
    awaitText("#agent-header", text -> text.contains(name));
    var agent = api.get("/api/agents/" + agentId);
    assertEquals(200, agent.status(), agent::toString);
    assertEquals(name, agent.json().getString("displayName"));
    assertEquals("custom", agent.json().getJsonObject("template").getString("id"));
    assertEquals(
        List.of(category), Agents.strings(agent.json().getJsonArray("allowedCategoryIds")));
  }

  @Test
  void aViewerSeesATemplatesParametersButNoCreateButtonAndAnOperatorOnlyWhereMarked()
      throws IOException {
    signIn(Role.VIEWER);
    browser.get(base + "/#/templates/custom");
    awaitText("#template-summary", text -> text.contains("custom"));
    awaitText("#template-parameters", text -> text.contains("displayName"));
    assertTrue(browser.findElements(By.cssSelector("#template-create")).isEmpty(), "no button");
    assertTrue(browser.findElements(By.cssSelector("#template-form")).isEmpty(), "no form");
    screenshotAndCheck("template-viewer");
    assertEquals(
        403,
        api.as(Role.VIEWER)
            .post("/api/templates/custom/agents", "{\"parameters\":{\"displayName\":\"No\"}}")
            .status());

    click("#sign-out");
    signIn(Role.OPERATOR);
    // custom is for administrators only; dayPlanner is marked operator-creatable.
    browser.get(base + "/#/templates/custom");
    awaitText("#template-parameters", text -> text.contains("displayName"));
    assertTrue(browser.findElements(By.cssSelector("#template-create")).isEmpty(), "no button");
    browser.get(base + "/#/templates/dayPlanner");
    visible("#template-create");
    assertEquals("07:00", visible("#param-planAt").getAttribute("value"));
  }

  /**
   * The runs list opens filtered from its address and keeps its filters there; it and a run's page
   * name the agent by its display name, the run's times show in the viewer's time zone (here
   * India's, +05:30) with the UTC instant on hover, and the run key copies to the clipboard.
   */
  @Test
  void theRunsListOpensFilteredFromItsAddressAndNamesTheAgent() throws IOException {
    var agents = new Agents(api);
    var name = "Named " + UUID.randomUUID();
    var agentId = agents.createCustom(name);
    var runKey = agents.awaitManualWake(agentId);

    browser.executeCdpCommand(
        "Emulation.setTimezoneOverride", Map.of("timezoneId", "Asia/Kolkata"));
    signIn(Role.ADMIN);
    browser.get(base + "/#/runs?status=completed&agentId=" + agentId);
    var row = "#runs-results tr[data-run='" + runKey + "']";
    awaitText(row, text -> text.contains(name) && text.contains("completed"));
    assertEquals("completed", visible("#runs-status").getAttribute("value"));
    assertEquals(agentId, visible("#runs-agent").getAttribute("value"));
    var agentLink = visible(row + " a.agent-name");
    assertEquals(name, agentLink.getText());
    assertTrue(agentLink.getAttribute("title").contains(agentId), agentLink.getAttribute("title"));

    // Another filter goes into the address; nothing matches, and the list says what to do.
    click("#runs-status option[value='failed']");
    await()
        .atMost(WAIT)
        .until(
            () -> browser.getCurrentUrl(),
            url -> url.endsWith("#/runs?status=failed&agentId=" + agentId));
    awaitText("#runs-results td.empty", text -> text.startsWith("No run matches these filters"));
    // Reloaded from that address, the list opens the same way.
    browser.navigate().refresh();
    awaitText("#runs-results td.empty", text -> text.startsWith("No run matches these filters"));
    assertEquals("failed", visible("#runs-status").getAttribute("value"));

    browser.get(base + "/#/runs/" + runKey);
    awaitText("#main", text -> text.contains(runKey) && text.contains("Messages"));
    assertEquals(name, visible("#main dl.facts a.agent-name").getText());
    var created = visible("#main dl.facts time");
    var utc = created.getAttribute("datetime");
    assertTrue(utc.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), utc);
    assertEquals(utc, created.getAttribute("title"));
    var local =
        java.time.Instant.parse(utc)
            .atZone(java.time.ZoneId.of("Asia/Kolkata"))
            .format(java.time.format.DateTimeFormatter.ofPattern("hh:mm:ss"));
    assertTrue(
        created.getText().contains(local) && created.getText().contains("GMT+5:30"),
        created.getText() + " shows " + utc + " in India's time");

    browser.executeCdpCommand(
        "Browser.grantPermissions",
        Map.of(
            "origin",
            base,
            "permissions",
            List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
    click("button.copy[aria-label='Copy run key']");
    awaitText("#status", text -> text.equals("Copied " + runKey + "."));
    assertEquals(
        runKey,
        browser.executeAsyncScript(
            "const done = arguments[arguments.length - 1];"
                + "navigator.clipboard.readText().then(done, e => done(String(e)));"));
    screenshotAndCheck("run");
  }

  /**
   * A task agent's tool call reads as a line on its page, in the tool-call table and in the
   * activity log, with the arguments as JSON a click away; the page's address names its parts; the
   * agent list and the agent's page pass axe in the dark theme too.
   */
  @Test
  void aToolCallReadsAsALineWithItsJsonAClickAwayInBothThemes() throws IOException {
    var task =
        api.post(
            "/api/tasks",
            "{\"title\":\"Lined task "
                + UUID.randomUUID()
                + "\",\"categoryId\":\""
                + category()
                + "\"}");
    assertEquals(201, task.status(), task::toString);
    var created = api.post("/api/tasks/" + task.json().getString("id") + "/agent", "");
    assertEquals(201, created.status(), created::toString);
    var agentId = created.json().getString("id");
    made.add(agentId);
    await()
        .atMost(WAIT)
        .until(() -> !api.getAll("/api/runs?agentId=" + agentId + "&status=completed").isEmpty());

    signIn(Role.OPERATOR);
    browser.get(base + "/#/agents/" + agentId + "?section=tool-calls");
    var row = "#agent-tool-calls tr[data-tool='record_observations']";
    var line = awaitText(row + " summary .line", text -> !text.isEmpty());
    assertTrue(line.startsWith("record_observations → recorded "), line);
    assertTrue(line.matches("record_observations → recorded \\d+ observations?: '.+'"), line);
    assertFalse(
        browser.findElement(By.cssSelector(row + " pre.json")).isDisplayed(), "JSON closed");
    click(row + " summary");
    await()
        .atMost(WAIT)
        .until(() -> browser.findElement(By.cssSelector(row + " pre.json")).isDisplayed());
    assertTrue(
        browser.findElement(By.cssSelector(row + " pre.json")).getText().contains("observations"));
    awaitText(
        "#activity-log li[data-kind='action'] summary .line",
        text -> text.startsWith("record_observations → recorded "));
    awaitText(
        "#activity-log li[data-kind='toolResult'] summary .line",
        text -> text.startsWith("record_observations → recorded "));
    visible("#agent-header button.copy[aria-label='Copy agent id']");
    // The part the address named is in view.
    await()
        .atMost(WAIT)
        .until(
            () ->
                (Boolean)
                    browser.executeScript(
                        "const r = document.getElementById('agent-tool-calls')"
                            + ".getBoundingClientRect();"
                            + "return r.top < window.innerHeight && r.bottom > 0;"));

    browser.executeCdpCommand(
        "Emulation.setEmulatedMedia",
        Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
    assertEquals(
        "rgb(13, 17, 23)",
        browser.executeScript(
            "return getComputedStyle(document.documentElement).backgroundColor;"));
    screenshotAndCheck("agent-dark");
    click("#nav a[href='#/agents']");
    visible("#agents-results table");
    screenshotAndCheck("agents-dark");
    browser.get(base + "/#/runs?agentId=" + agentId);
    awaitText("#runs-results", text -> text.contains("Lined task"));
    screenshotAndCheck("runs-dark");
  }

  /**
   * The line a tool call reads as, from the console's own module: a few tools in their own words,
   * any other by its name and most telling argument, a refusal with its code, and no failure on a
   * shape it does not know.
   */
  @Test
  void toolCallsAreSummarisedInOneLineWhateverTheirShape() {
    browser.get(base + "/");
    visible("#sign-in-user");
    var lines =
        (String)
            browser.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + "import('/console/summaries.js').then((m) => done(JSON.stringify(["
                    + "m.summariseCall({toolName: 'create_task', status: 'succeeded',"
                    + "  arguments: {title: 'Call the bank', categoryName: 'Work', priority: 'p1'},"
                    + "  result: {payload: {task: {title: 'Call the bank', priority: 'p1'}}}}),"
                    + "m.summariseCall({toolName: 'update_task_priority', status: 'succeeded',"
                    + "  arguments: {taskId: 't1', priority: 'p0'},"
                    + "  result: {payload: {task: {title: 'X', priority: 'p0'},"
                    + "  previousPriority: 'p2'}}}),"
                    + "m.summariseCall({toolName: 'ask_user', status: 'succeeded',"
                    + "  arguments: {question: 'Which bank?'}, errorCode: 'awaiting_answer'}),"
                    + "m.summariseCall({toolName: 'update_task_priority', status: 'failed',"
                    + "  arguments: {taskId: 't1'}, errorCode: 'out_of_scope',"
                    + "  error: 'task t1 is in no category of the agent'}),"
                    + "m.summariseCall({toolName: 'list_tasks_in_scope', status: 'succeeded',"
                    + "  arguments: {query: 'bank'}}),"
                    + "m.summariseCall({toolName: 'frobnicate', status: 'succeeded',"
                    + "  arguments: 'not an object', result: [1, 2]}),"
                    + "m.summariseCall(null),"
                    + "m.summariseMessage({kind: 'toolResult', content: '{not json',"
                    + "  metadata: {status: 'error', errorCode: 'invalid_arguments',"
                    + "  errorMessage: 'title: is required',"
                    + "  extension: {'reveille.toolResult': {toolName: 'create_task'}}}}),"
                    + "m.summariseMessage({kind: 'observation', content: 'a note'})"
                    + "])), (e) => done(String(e)));");
    var read = Json.createReader(new StringReader(lines)).readArray();
    assertEquals(
        List.of(
            "create_task → task 'Call the bank' in Work (p1)",
            "update_task_priority → task 'X': p2 → p0",
            "ask_user → asked \"Which bank?\" (waiting for an answer)",
            "update_task_priority → refused: out_of_scope — task t1 is in no category of the agent",
            "list_tasks_in_scope → query 'bank'",
            "frobnicate",
            "tool",
            "create_task → refused: invalid_arguments — title: is required",
            "(none)"),
        read.stream()
            .map(
                v ->
                    v.getValueType() == jakarta.json.JsonValue.ValueType.STRING
                        ? ((jakarta.json.JsonString) v).getString()
                        : "(none)")
            .toList(),
        lines);
  }

  private String category() {
    var created = api.post("/api/categories", "{\"name\":\"console-" + UUID.randomUUID() + "\"}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  private void signIn(Role role) {
    console.signIn(role);
    assertNothingStoredSignsInAgain(role);
  }

  /**
   * The browser's storage holds the console's session token and neither the password nor the Basic
   * credential: whoever reads it later cannot sign in again with it once the token expires.
   */
  private void assertNothingStoredSignsInAgain(Role role) {
    var stored =
        (String)
            browser.executeScript(
                "const all = [];"
                    + "for (const store of [sessionStorage, localStorage]) {"
                    + "  for (let i = 0; i < store.length; i++) {"
                    + "    all.push(store.key(i) + '=' + store.getItem(store.key(i)));"
                    + "  }"
                    + "}"
                    + "return all.join('\\n');");
    var basic = TestIdentities.basic(role);
    assertFalse(stored.contains(TestIdentities.password(role)), "a password is stored");
    assertFalse(stored.contains(basic.substring("Basic ".length())), "the Basic credential");
    assertFalse(stored.contains("Basic "), "a Basic header is stored");
    assertTrue(stored.contains("Bearer "), "the console keeps its session token: " + stored);
  }

  private void click(String css) {
    console.click(css);
  }

  private WebElement visible(String css) {
    return console.visible(css);
  }

  private String awaitText(String css, java.util.function.Predicate<String> condition) {
    return console.awaitText(css, condition);
  }

  private static void type(WebElement field, String text) {
    ConsoleBrowser.type(field, text);
  }

  private void screenshotAndCheck(String page) throws IOException {
    console.screenshotAndCheck(page);
  }
}
