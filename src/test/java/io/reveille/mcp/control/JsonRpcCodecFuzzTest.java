package io.reveille.mcp.control;

import io.reveille.testing.ParserOracle;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Fuzzes the JSON-RPC envelope every MCP message arrives in: any bytes yield a message or are
 * refused with a {@link JsonRpcException} (the error to answer with), in bounded time — never
 * another exception, a stack overflow or a hang, however malformed, large, deeply nested or wrongly
 * typed the input.
 */
class JsonRpcCodecFuzzTest {

  private static final JsonRpcCodec.Limits LIMITS = new JsonRpcCodec.Limits(64 * 1024, 16);

  @Property
  void anyTextYieldsAMessageOrItsError(@ForAll("messages") String text) {
    ParserOracle.answersOrRefuses(
        JsonRpcException.class,
        () -> JsonRpcCodec.read(text.getBytes(StandardCharsets.UTF_8), LIMITS));
  }

  @Property
  void anyBytesYieldAMessageOrItsError(@ForAll byte[] bytes) {
    ParserOracle.answersOrRefuses(JsonRpcException.class, () -> JsonRpcCodec.read(bytes, LIMITS));
  }

  @Provide
  Arbitrary<String> messages() {
    var ids =
        Arbitraries.of(
            "1", "\"a\"", "null", "1.5", "true", "{}", "[]", "-0", "1e400", "99999999999999999999");
    var versions = Arbitraries.of("\"2.0\"", "\"1.0\"", "2.0", "null", "\"\"");
    var methods = Arbitraries.of("\"ping\"", "\"tools/call\"", "\"\"", "1", "null", "[]", "\"x\"");
    var params =
        Arbitraries.of(
            "{}", "[]", "1", "null", "{\"name\":\"x\",\"arguments\":{\"a\":[1,{\"b\":null}]}}");
    var nested =
        Arbitraries.integers().between(0, 40).map(depth -> "[".repeat(depth) + "]".repeat(depth));
    var well =
        net.jqwik.api.Combinators.combine(versions, ids, methods, params, nested)
            .as(
                (version, id, method, param, deep) ->
                    "{\"jsonrpc\":"
                        + version
                        + ",\"id\":"
                        + id
                        + ",\"method\":"
                        + method
                        + ",\"params\":"
                        + param
                        + ",\"extra\":"
                        + (deep.isEmpty() ? "0" : deep)
                        + "}");
    var cut =
        well.flatMap(text -> Arbitraries.integers().between(0, text.length()).map(text::substring));
    return Arbitraries.oneOf(well, cut, Arbitraries.strings().ofMaxLength(200), nested);
  }
}
