package io.reveille.tool.control.external;

import static io.reveille.testing.JsonInputs.quote;

import io.reveille.testing.JsonInputs;
import io.reveille.testing.ParserOracle;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Fuzzes the reader of the external tools document (JSON or YAML), the file an operator deploys to
 * let agents call HTTP endpoints: any text yields declarations or is refused with the {@link
 * IllegalStateException} that lists every violation (and stops the deployment with it), never
 * another exception whose message would not say what is wrong with the document.
 */
class ExternalToolDocumentFuzzTest {

  private static final SideEffectClassifier CLASSIFIER =
      new SideEffectClassifier(Set.of(), Set.of());

  private static final String INPUT_SCHEMA =
      "{\"type\":\"object\",\"required\":[\"customerId\",\"amountCents\"],\"properties\":"
          + "{\"customerId\":{\"type\":\"string\",\"maxLength\":64},"
          + "\"amountCents\":{\"type\":\"integer\",\"minimum\":1}},\"additionalProperties\":false}";

  private static final String OUTPUT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"invoiceId\":{\"type\":\"string\"}},"
          + "\"additionalProperties\":false}";

  /** Plain YAML scalars that JSON lacks: NaN, infinities, tags, anchors, aliases, octal. */
  private static final List<String> YAML_VALUES =
      List.of(
          ".nan",
          ".inf",
          "-.inf",
          "~",
          "!!binary AAAA",
          "!!str 5000",
          "!!int 5000",
          "&x 1",
          "*x",
          "*undefined",
          "0x1F",
          "0o17",
          "1_000",
          "2026-01-01",
          "yes",
          "!!set {a: null}",
          "!!timestamp 2026-01-01T00:00:00Z");

  @Property
  void anyDocumentYieldsDeclarationsOrListsItsViolations(@ForAll("documents") String text) {
    ParserOracle.answersOrRefuses(
        IllegalStateException.class,
        () -> ExternalToolDocument.parse(text, Set.of("create_task"), CLASSIFIER));
  }

  @Provide
  Arbitrary<String> documents() {
    var tool = tools();
    var documents =
        Combinators.combine(
                Arbitraries.of("", "\"description\":\"Billing.\","),
                tool.list().ofMinSize(1).ofMaxSize(3))
            .as(
                (description, tools) ->
                    "{" + description + "\"tools\":[" + String.join(",", tools) + "]}");
    return Arbitraries.frequencyOf(
        Tuple.of(6, documents),
        Tuple.of(3, JsonInputs.mutated(documents)),
        Tuple.of(1, yamlOddities()));
  }

  private static Arbitrary<String> tools() {
    var fields = new LinkedHashMap<String, Arbitrary<String>>();
    fields.put(
        "name",
        Arbitraries.oneOf(
                Arbitraries.of("send_invoice", "get_rate", "create_task", "Send-Invoice", "x"),
                Arbitraries.strings()
                    .withCharRange('a', 'z')
                    .withChars("_09")
                    .ofMinLength(2)
                    .ofMaxLength(70))
            .map(JsonInputs::quote));
    fields.put(
        "description",
        Arbitraries.of("Sends an invoice for a customer.", "short").map(JsonInputs::quote));
    fields.put("method", methods());
    fields.put("url", urls().map(JsonInputs::quote));
    fields.put("headers", headers());
    fields.put("body", bodies());
    fields.put("inputSchema", schemas(INPUT_SCHEMA));
    fields.put("outputSchema", schemas(OUTPUT_SCHEMA));
    fields.put("response", responses());
    fields.put(
        "timeoutMillis",
        Arbitraries.oneOf(
            Arbitraries.of("100", "5000", "60000", "5000.0", "1e3", "99", "60001"),
            JsonInputs.numbers()));
    fields.put("idempotent", Arbitraries.of("true", "false", "\"yes\""));
    fields.put(
        "lookup",
        Combinators.combine(methods(), urls().map(JsonInputs::quote))
            .as((method, url) -> "{\"method\":" + method + ",\"url\":" + url + "}"));
    fields.put(
        "scopeArguments",
        Arbitraries.of("customerId", "amountCents", "nope", "customerId")
            .map(JsonInputs::quote)
            .list()
            .ofMaxSize(3)
            .map(items -> "[" + String.join(",", items) + "]"));
    fields.put(
        "sideEffect",
        Arbitraries.of("external", "memory", "local", "readOnly", "read_only", "write")
            .map(JsonInputs::quote));
    fields.put("riskLevel", Arbitraries.of("low", "medium", "high").map(JsonInputs::quote));
    var yaml = Arbitraries.of(YAML_VALUES);
    var withYaml = new LinkedHashMap<String, Arbitrary<String>>();
    fields.forEach(
        (name, value) ->
            withYaml.put(name, Arbitraries.frequencyOf(Tuple.of(12, value), Tuple.of(1, yaml))));
    return JsonInputs.objects(withYaml, 16);
  }

  private static Arbitrary<String> methods() {
    return Arbitraries.of("GET", "POST", "PUT", "PATCH", "DELETE", "TRACE").map(JsonInputs::quote);
  }

  /** URL templates: schemes, hosts with credentials or placeholders, dot segments, secrets. */
  private static Arbitrary<String> urls() {
    var scheme = Arbitraries.of("https://", "http://", "ftp://", "", "https:/");
    var host =
        Arbitraries.of(
            "billing.example.com",
            "h.example:8443",
            "user:pw@h.example",
            "{customerId}.example",
            "[::1]",
            "",
            "h ex",
            "h.example:99999");
    var segment =
        Arbitraries.of(
            "v1",
            "{customerId}",
            "{amountCents}",
            "{idempotencyKey}",
            "{correlationId}",
            ".",
            "..",
            "%2e%2e",
            "%2E",
            "${secret:x}",
            "a b",
            "{unknown}",
            "{",
            "}",
            "%zz",
            "");
    var suffix = Arbitraries.of("", "?q={customerId}", "#frag", "?a=.&b=..", "/");
    return Combinators.combine(
            scheme, host, segment.list().ofMaxSize(5).map(list -> String.join("/", list)), suffix)
        .as((s, h, path, tail) -> s + h + "/" + path + tail);
  }

  private static Arbitrary<String> headers() {
    var name =
        Arbitraries.of(
            "Authorization",
            "Host",
            "X-Trace",
            "Bad Name",
            "idempotency-key",
            "Content-Length",
            "");
    var value =
        Arbitraries.oneOf(
                Arbitraries.of(
                    "Bearer ${secret:billing.api-token}",
                    "${secret:REVEILLE_ADMIN_PASSWORD}",
                    "${secret:reveille.admin.password}",
                    "${secret:}",
                    "${env:HOME}",
                    "${secret:a}${secret:b}",
                    "a\r\nb",
                    "plain"),
                JsonInputs.texts())
            .map(JsonInputs::quote);
    return Combinators.combine(name.map(JsonInputs::quote), value)
        .as((n, v) -> n + ":" + v)
        .list()
        .ofMaxSize(4)
        .map(items -> "{" + String.join(",", items) + "}");
  }

  private static Arbitrary<String> bodies() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            "\"arguments\"",
            "{\"amount\":\"{amountCents}\",\"memo\":\"Invoice for {customerId}\"}",
            "[\"{unknown}\",\"${secret:x}\"]",
            "\"{customerId}\"",
            "{}"),
        JsonInputs.values(List.of("amount", "{customerId}"), 2),
        JsonInputs.deep(1200));
  }

  /** A usable schema, or one with a property changed to any value (schemas that do not compile). */
  private static Arbitrary<String> schemas(String usable) {
    var broken =
        Arbitraries.of(
            "{\"type\":\"strin\"}",
            "{\"pattern\":\"(\"}",
            "{\"$ref\":\"#/nope\"}",
            "{\"$ref\":\"#\"}",
            "{\"type\":\"string\",\"format\":\"no-such-format\"}",
            "{\"minLength\":-1}",
            "{\"type\":\"string\",\"pattern\":\"(a+)+$\"}");
    var property =
        Arbitraries.frequencyOf(
            Tuple.of(2, broken), Tuple.of(1, JsonInputs.values(List.of("type"), 2)));
    var edited =
        property.map(
            p ->
                "{\"type\":\"object\",\"required\":[\"customerId\"],\"properties\":{\"customerId\":"
                    + p
                    + "},\"additionalProperties\":false}");
    return Arbitraries.frequencyOf(
        Tuple.of(4, Arbitraries.just(usable)),
        Tuple.of(2, edited),
        Tuple.of(1, JsonInputs.values(List.of("type", "properties", "required"), 2)));
  }

  private static Arbitrary<String> responses() {
    var pointer =
        Arbitraries.of("/id", "id", "/a~2", "", "/~0~1", "/", "/a/0", "/%").map(JsonInputs::quote);
    var fields =
        Combinators.combine(
                Arbitraries.of("invoiceId", "other", "1x").map(JsonInputs::quote), pointer)
            .as((name, p) -> name + ":" + p)
            .list()
            .ofMaxSize(3)
            .map(items -> "{" + String.join(",", items) + "}");
    var correlation =
        Arbitraries.of(
            "{\"header\":\"X-Request-Id\"}",
            "{\"pointer\":\"/id\"}",
            "{\"pointer\":\"id\"}",
            "{\"header\":\"X\",\"pointer\":\"/id\"}",
            "{}");
    return Combinators.combine(fields, correlation)
        .as((f, c) -> "{\"fields\":" + f + ",\"correlationId\":" + c + "}");
  }

  /** Documents only YAML can write: anchors and aliases, tags, several documents, directives. */
  private static Arbitrary<String> yamlOddities() {
    var laughs = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for (var i = 1; i < 10; i++) {
      laughs.append("a").append(i).append(": &a").append(i).append(" [");
      laughs.append(String.join(", ", java.util.Collections.nCopies(9, "*a" + (i - 1))));
      laughs.append("]\n");
    }
    laughs.append("tools: *a9\n");
    return Arbitraries.of(
        laughs.toString(),
        "tools: *undefined",
        "tools: !!binary AAAA",
        "tools: [!!float .nan]",
        "---\ntools: []\n---\ntools: []\n",
        "%YAML 1.1\n---\ntools: []",
        "? [a, b]\n: c\ntools: []",
        "tools:\n  - &t {name: a_tool}\n  - *t\n",
        "tools: [{<<: {name: merged_tool}}]",
        "",
        "   ",
        "# only a comment",
        "null",
        "[]",
        "tools: " + quote("x"));
  }
}
