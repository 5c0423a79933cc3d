package io.reveille.console;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.reveille.security.control.Role;
import io.reveille.testing.TestIdentities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The console in a real browser (Debian's headless Chromium, driven over chromium-driver) against
 * the test server: signing in, finding, clicking and typing the way a person does (each waited for
 * with Awaitility, never a fixed pause), screenshots under {@code target/console/} and axe-core
 * (the version pinned in the build) on each page shown. The CI run installs the browser and sets
 * {@code REVEILLE_IT_REQUIRE_BROWSER}, so there a missing browser fails; elsewhere a test using it
 * is skipped naming the packages to install.
 */
final class ConsoleBrowser implements AutoCloseable {

  static final Path SHOTS = Path.of("target", "console");
  static final Duration WAIT = Duration.ofSeconds(60);
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  final ChromeDriver driver;
  final String base =
      System.getProperty("reveille.it.baseUri", "http://127.0.0.1:9181").replaceAll("/$", "");

  private final String name;

  private ConsoleBrowser(ChromeDriver driver, String name) {
    this.driver = driver;
    this.name = name;
  }

  /**
   * A headless browser, or the test aborted (failed where the browser is required); closed, it
   * leaves the page as it was under {@code target/console/last-{name}}.
   */
  static ConsoleBrowser open(String name) {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      if (System.getenv("REVEILLE_IT_REQUIRE_BROWSER") != null) {
        fail("the console test needs " + CHROMIUM + " and " + CHROMEDRIVER + " here");
      }
      Assumptions.abort("the console test needs Debian's chromium and chromium-driver packages");
    }
    var options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1440,900",
        "--lang=en-US");
    var service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    return new ConsoleBrowser(new ChromeDriver(service, options), name);
  }

  /** Opens {@code hash} (e.g. {@code #/needs-you}) on the console. */
  void go(String hash) {
    driver.get(base + "/" + hash);
  }

  /** Signs in with the user of {@code role} through the sign-in form. */
  void signIn(Role role) {
    go("");
    type(visible("#sign-in-user"), TestIdentities.userName(role));
    type(visible("#sign-in-password"), TestIdentities.password(role));
    click("#sign-in-submit");
    awaitText("#who-name", text -> text.startsWith(TestIdentities.userName(role)));
  }

  /**
   * Clicks the element, finding it again if the page redrew it in between; scrolled to the middle
   * of the window first, where the fixed status line at the bottom cannot be in the way.
   */
  void click(String css) {
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () -> {
              var element = driver.findElement(By.cssSelector(css));
              if (!element.isDisplayed()) {
                return false;
              }
              driver.executeScript("arguments[0].scrollIntoView({block: 'center'});", element);
              element.click();
              return true;
            });
  }

  WebElement visible(String css) {
    return await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> driver.findElement(By.cssSelector(css)), WebElement::isDisplayed);
  }

  String awaitText(String css, Predicate<String> condition) {
    return await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> driver.findElement(By.cssSelector(css)).getText(), condition);
  }

  /** Whether no element matches {@code css} on the page as it is now. */
  boolean absent(String css) {
    return driver.findElements(By.cssSelector(css)).isEmpty();
  }

  /** Chooses {@code value} in the select list {@code css}, as a person picking it would. */
  void choose(String css, String value) {
    driver.executeScript(
        "arguments[0].value = arguments[1];"
            + "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
        visible(css),
        value);
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> value.equals(driver.findElement(By.cssSelector(css)).getAttribute("value")));
  }

  /** Waits until no element matches {@code css}: the page redrew without it. */
  void awaitAbsent(String css) {
    await().atMost(WAIT).ignoreExceptions().until(() -> absent(css));
  }

  static void type(WebElement field, String text) {
    field.clear();
    field.sendKeys(text);
  }

  /**
   * A screenshot under target/console, then axe-core on the same page: no serious or critical
   * violation.
   */
  void screenshotAndCheck(String page) throws IOException {
    Files.createDirectories(SHOTS);
    Files.write(SHOTS.resolve(page + ".png"), driver.getScreenshotAs(OutputType.BYTES));
    String axe;
    try (var in = ConsoleBrowser.class.getClassLoader().getResourceAsStream("axe.min.js")) {
      if (in == null) {
        throw new IllegalStateException("axe.min.js is not on the test class path");
      }
      axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    driver.executeScript(axe);
    var result =
        (String)
            driver.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + "axe.run(document, {resultTypes: ['violations']})"
                    + ".then(r => done(JSON.stringify(r.violations)))"
                    + ".catch(e => done(JSON.stringify([{id: 'axe-error', impact: 'critical',"
                    + " help: String(e), nodes: []}])));");
    var violations = Json.createReader(new StringReader(result)).readArray();
    var grave =
        violations.stream()
            .map(JsonObject.class::cast)
            .filter(
                v ->
                    "serious".equals(v.getString("impact", ""))
                        || "critical".equals(v.getString("impact", "")))
            .map(
                v ->
                    v.getString("id")
                        + " ("
                        + v.getString("impact")
                        + "): "
                        + v.getString("help", "")
                        + " at "
                        + v.getJsonArray("nodes").stream()
                            .map(n -> n.asJsonObject().get("target").toString())
                            .collect(Collectors.joining(", ")))
            .toList();
    Files.writeString(SHOTS.resolve(page + "-axe.json"), result);
    assertTrue(grave.isEmpty(), page + " page: " + String.join("; ", grave));
  }

  /** Asserts that the element is not on the page, now that {@code shown} is. */
  void assertAbsentOnceShown(String shown, String css) {
    visible(shown);
    assertTrue(absent(css), css + " is shown");
  }

  /** Leaves the page as the test left it, for whoever reads a failure, and quits the browser. */
  @Override
  public void close() {
    try {
      Files.createDirectories(SHOTS);
      Files.write(SHOTS.resolve("last-" + name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
      Files.writeString(SHOTS.resolve("last-" + name + ".html"), driver.getPageSource());
    } catch (IOException | RuntimeException e) {
      // The page could not be kept; the browser is quit all the same.
    } finally {
      driver.quit();
    }
  }
}
