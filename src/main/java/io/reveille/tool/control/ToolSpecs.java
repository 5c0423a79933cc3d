package io.reveille.tool.control;

import io.reveille.inference.control.ToolSpec;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tools a model is offered (the inference package's {@link ToolSpec}), made from the tool
 * contract so that the schema the model sees is the very schema the executor validates its
 * arguments against.
 */
public final class ToolSpecs {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ToolSpecs() {}

  /**
   * One spec per name, in the order given.
   *
   * @throws IllegalArgumentException naming a tool the contract does not list
   */
  public static List<ToolSpec> fromContract(ToolContract contract, Collection<String> toolNames) {
    var specs = new ArrayList<ToolSpec>(toolNames.size());
    for (var name : toolNames) {
      var entry =
          contract
              .entry(name)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException("the tool contract has no tool '" + name + "'"));
      var document = entry.document();
      var description = document.has("description") ? document.get("description").asString() : "";
      specs.add(new ToolSpec(name, description, toJsonObject(document.get("inputSchema"))));
    }
    return List.copyOf(specs);
  }

  private static JsonObject toJsonObject(tools.jackson.databind.JsonNode node) {
    try (var reader =
        JsonDocuments.provider().createReader(new StringReader(JSON.writeValueAsString(node)))) {
      return reader.readObject();
    }
  }
}
