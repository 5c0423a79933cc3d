package io.reveille.agent.entity;

import io.reveille.platform.json.DocumentReader;
import io.reveille.platform.json.DocumentWriter;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.AttributeConverter;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How an agent thinks: which model and prompt it uses, the operator's standing instructions, the
 * agent's own run budgets, the plan it follows instead of thinking, and how far chains of agents
 * waking each other may reach it.
 *
 * <p>A typed, schema-versioned document rather than a raw map so that a typo in a field name is a
 * 400 naming the field, not a setting silently ignored. Immutable; change it with the withers.
 * Stored as JSON text; fields written by a newer version are kept and written back (see {@code
 * io.reveille.platform.json}).
 */
public final class AgentConfig {

  public static final int SCHEMA_VERSION = 1;
  public static final int MAX_ID_LENGTH = 200;
  public static final int MAX_INSTRUCTIONS_LENGTH = 20_000;

  static final String ROOT = "config";
  private static final String MODEL_ID = "modelId";
  private static final String PROMPT_ID = "promptId";
  private static final String INSTRUCTIONS = "instructions";
  static final String BUDGETS = "budgets";
  static final String PLAN = "plan";
  static final String CHAINS = "chains";
  static final String TOOLS = "tools";
  static final String APPROVAL_TOOLS = "approvalTools";

  /** The most tools an agent's own list may name. */
  public static final int MAX_TOOLS = 100;

  static final String WORKING_STATE_DELTA = "workingStateDelta";
  static final String DELTA_MODEL = "model";
  static final String DELTA_DETERMINISTIC = "deterministic";

  private static final AgentConfig EMPTY =
      new AgentConfig(
          SCHEMA_VERSION,
          null,
          null,
          null,
          AgentBudgets.none(),
          AgentPlan.none(),
          AgentChains.defaults(),
          false,
          List.of(),
          List.of(),
          JsonValue.EMPTY_JSON_OBJECT,
          JsonValue.EMPTY_JSON_OBJECT);

  private final int schemaVersion;
  private final String modelId;
  private final String promptId;
  private final String instructions;
  private final AgentBudgets budgets;
  private final AgentPlan plan;
  private final AgentChains chains;
  private final boolean modelStateDelta;
  private final List<String> tools;
  private final List<String> approvalTools;
  private final JsonObject extension;
  private final JsonObject unknownFields;
  private final String stored;

  private AgentConfig(
      int schemaVersion,
      String modelId,
      String promptId,
      String instructions,
      AgentBudgets budgets,
      AgentPlan plan,
      AgentChains chains,
      boolean modelStateDelta,
      List<String> tools,
      List<String> approvalTools,
      JsonObject extension,
      JsonObject unknownFields) {
    this.schemaVersion = schemaVersion;
    this.modelId = modelId;
    this.promptId = promptId;
    this.instructions = instructions;
    this.budgets = Objects.requireNonNull(budgets, "budgets");
    this.plan = Objects.requireNonNull(plan, "plan");
    this.chains = Objects.requireNonNull(chains, "chains");
    this.modelStateDelta = modelStateDelta;
    this.tools = List.copyOf(tools);
    this.approvalTools = List.copyOf(approvalTools);
    this.extension = extension;
    this.unknownFields = unknownFields;
    this.stored = write(DocumentWriter.of(schemaVersion), true).buildStored(unknownFields);
  }

  public static AgentConfig empty() {
    return EMPTY;
  }

  /**
   * Reads a config from a request, strictly.
   *
   * @param path where the document sits in the request, e.g. {@code config}; errors name fields
   *     below it, e.g. {@code config.modelId}
   * @throws io.reveille.platform.error.InvalidInputException naming the offending field
   */
  public static AgentConfig fromUserJson(JsonObject json, String path) {
    var config = read(DocumentReader.strict(json, path));
    JsonDocuments.requireStorable(config.stored, path);
    return config;
  }

  /** Reads a stored config, keeping fields a newer version wrote. */
  public static AgentConfig fromStored(String json) {
    return read(DocumentReader.stored(json, ROOT));
  }

  private static AgentConfig read(DocumentReader in) {
    var version = in.schemaVersion(SCHEMA_VERSION);
    var model = in.identifier(MODEL_ID, MAX_ID_LENGTH).orElse(null);
    var prompt = in.identifier(PROMPT_ID, MAX_ID_LENGTH).orElse(null);
    var text = in.text(INSTRUCTIONS, MAX_INSTRUCTIONS_LENGTH).orElse(null);
    var limits = in.object(BUDGETS).map(AgentBudgets::read).orElse(AgentBudgets.none());
    var calls = AgentPlan.read(in, PLAN);
    var reach = in.object(CHAINS).map(AgentChains::read).orElse(AgentChains.defaults());
    var delta =
        in.identifier(WORKING_STATE_DELTA, 32)
            .map(
                value -> {
                  if (!value.equals(DELTA_MODEL) && !value.equals(DELTA_DETERMINISTIC)) {
                    throw new io.reveille.platform.error.InvalidInputException(
                        ROOT + "." + WORKING_STATE_DELTA,
                        "must be " + DELTA_DETERMINISTIC + " or " + DELTA_MODEL);
                  }
                  return value.equals(DELTA_MODEL);
                })
            .orElse(false);
    var allowed = in.identifiers(TOOLS, MAX_TOOLS, 64);
    var held = in.identifiers(APPROVAL_TOOLS, MAX_TOOLS, 64);
    var extension = in.extension();
    return new AgentConfig(
        version,
        model,
        prompt,
        text,
        limits,
        calls,
        reach,
        delta,
        allowed,
        held,
        extension,
        in.unknownFields());
  }

  /** The stored form: schema version, known fields, extension and any kept unknown fields. */
  public String toStored() {
    return stored;
  }

  /** The API form: what this version knows, acceptable as is to {@link #fromUserJson}. */
  public JsonObject toJson() {
    return write(DocumentWriter.of(SCHEMA_VERSION), false).build();
  }

  private DocumentWriter write(DocumentWriter out, boolean storing) {
    var budgetsJson =
        budgets.isEmpty()
            ? Optional.<JsonObject>empty()
            : Optional.of(storing ? budgets.toStored() : budgets.toJson());
    var written =
        out.add(MODEL_ID, getModelId())
            .add(PROMPT_ID, getPromptId())
            .add(INSTRUCTIONS, getInstructions())
            .object(BUDGETS, budgetsJson)
            .objects(PLAN, plan.toJson(storing))
            .object(
                CHAINS,
                chains.isDefault()
                    ? Optional.<JsonObject>empty()
                    : Optional.of(storing ? chains.toStored() : chains.toJson()))
            .add(
                WORKING_STATE_DELTA, modelStateDelta ? Optional.of(DELTA_MODEL) : Optional.empty());
    if (!tools.isEmpty()) {
      written.add(TOOLS, tools);
    }
    if (!approvalTools.isEmpty()) {
      written.add(APPROVAL_TOOLS, approvalTools);
    }
    return written.extension(extension);
  }

  /** A copy using another model; {@code null} clears it. */
  public AgentConfig withModelId(String newModelId) {
    return copy(draft -> draft.modelId = newModelId).checked();
  }

  /** A copy using another prompt; {@code null} clears it. */
  public AgentConfig withPromptId(String newPromptId) {
    return copy(draft -> draft.promptId = newPromptId).checked();
  }

  /** A copy with other instructions; {@code null} clears them. */
  public AgentConfig withInstructions(String newInstructions) {
    return copy(draft -> draft.instructions = newInstructions).checked();
  }

  /** A copy with other run budgets of the agent's own; {@link AgentBudgets#none()} clears them. */
  public AgentConfig withBudgets(AgentBudgets newBudgets) {
    return copy(draft -> draft.budgets = Objects.requireNonNull(newBudgets, "budgets")).checked();
  }

  /**
   * Whether a model writes the working-state delta at the end of the agent's model runs ({@code
   * config.workingStateDelta: "model"}) instead of the deterministic summary of its tool results
   * ({@code "deterministic"}, the default; also the fallback when the model's delta is refused).
   */
  public boolean writesWorkingStateWithModel() {
    return modelStateDelta;
  }

  /**
   * A copy whose working-state delta a model writes ({@code true}) or the deterministic summary.
   */
  public AgentConfig withModelStateDelta(boolean model) {
    return copy(draft -> draft.modelStateDelta = model);
  }

  /** A copy with other chain limits; {@link AgentChains#defaults()} clears them. */
  public AgentConfig withChains(AgentChains newChains) {
    return copy(draft -> draft.chains = Objects.requireNonNull(newChains, "chains")).checked();
  }

  /** A copy with another plan; {@link AgentPlan#none()} clears it. */
  public AgentConfig withPlan(AgentPlan newPlan) {
    return copy(draft -> draft.plan = Objects.requireNonNull(newPlan, "plan")).checked();
  }

  /** A copy with another extension object; its keys must be namespaced. */
  public AgentConfig withExtension(JsonObject newExtension) {
    return copy(draft -> draft.extension = Objects.requireNonNull(newExtension, "extension"))
        .checked();
  }

  /** A copy with what {@code change} sets on a draft of this config's fields. */
  private AgentConfig copy(java.util.function.Consumer<Draft> change) {
    var draft = new Draft(this);
    change.accept(draft);
    return new AgentConfig(
        draft.schemaVersion,
        draft.modelId,
        draft.promptId,
        draft.instructions,
        draft.budgets,
        draft.plan,
        draft.chains,
        draft.modelStateDelta,
        draft.tools,
        draft.approvalTools,
        draft.extension,
        draft.unknownFields);
  }

  /** The fields of a config, for a wither to change one of before the copy is made. */
  private static final class Draft {
    private final int schemaVersion;
    private String modelId;
    private String promptId;
    private String instructions;
    private AgentBudgets budgets;
    private AgentPlan plan;
    private AgentChains chains;
    private boolean modelStateDelta;
    private List<String> tools;
    private List<String> approvalTools;
    private JsonObject extension;
    private final JsonObject unknownFields;

    private Draft(AgentConfig from) {
      schemaVersion = from.schemaVersion;
      modelId = from.modelId;
      promptId = from.promptId;
      instructions = from.instructions;
      budgets = from.budgets;
      plan = from.plan;
      chains = from.chains;
      modelStateDelta = from.modelStateDelta;
      tools = from.tools;
      approvalTools = from.approvalTools;
      extension = from.extension;
      unknownFields = from.unknownFields;
    }
  }

  /** Applies the user-input rules to a copy made by a wither, so both paths refuse the same. */
  private AgentConfig checked() {
    fromUserJson(toJson(), ROOT);
    JsonDocuments.requireStorable(stored, ROOT);
    return this;
  }

  /** The version of the rules this document was written under; newer if a newer node wrote it. */
  public int getSchemaVersion() {
    return schemaVersion;
  }

  /**
   * The tools the agent may call, when its config names them ({@code config.tools}): within what
   * its kind's capabilities allow, only these. Empty when it names none: every tool its kind may
   * call. A name no tool has matches nothing.
   */
  public List<String> getTools() {
    return tools;
  }

  /** A copy naming the tools the agent may call; an empty list lifts the restriction. */
  public AgentConfig withTools(List<String> newTools) {
    return copy(draft -> draft.tools = List.copyOf(newTools)).checked();
  }

  /**
   * The tools whose calls in this agent's runs a person must approve, on top of its kind's approval
   * settings ({@code config.approvalTools}); empty when it names none.
   */
  public List<String> getApprovalTools() {
    return approvalTools;
  }

  /** A copy naming the tools whose calls in its runs need a person's approval. */
  public AgentConfig withApprovalTools(List<String> held) {
    return copy(draft -> draft.approvalTools = List.copyOf(held)).checked();
  }

  public Optional<String> getModelId() {
    return Optional.ofNullable(modelId);
  }

  public Optional<String> getPromptId() {
    return Optional.ofNullable(promptId);
  }

  public Optional<String> getInstructions() {
    return Optional.ofNullable(instructions);
  }

  /**
   * The agent's own run budgets, which may only lower the server's limits; {@link
   * AgentBudgets#none()} when it sets none.
   */
  public AgentBudgets getBudgets() {
    return budgets;
  }

  /**
   * The tool calls the agent makes, in order, on every wake that is not a session, instead of
   * thinking; {@link AgentPlan#none()} when it thinks with its engine.
   */
  public AgentPlan getPlan() {
    return plan;
  }

  /**
   * How far chains of agents waking each other may reach this agent; {@link AgentChains#defaults()}
   * (the server's hop limit, cycles broken) when it sets nothing.
   */
  public AgentChains getChains() {
    return chains;
  }

  /** Free-form data under namespaced keys such as {@code acme.color}. */
  public JsonObject getExtension() {
    return extension;
  }

  @Override
  public boolean equals(Object other) {
    return this == other
        || other instanceof AgentConfig that
            && schemaVersion == that.schemaVersion
            && Objects.equals(modelId, that.modelId)
            && Objects.equals(promptId, that.promptId)
            && Objects.equals(instructions, that.instructions)
            && budgets.equals(that.budgets)
            && plan.equals(that.plan)
            && chains.equals(that.chains)
            && modelStateDelta == that.modelStateDelta
            && extension.equals(that.extension)
            && unknownFields.equals(that.unknownFields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        schemaVersion,
        modelId,
        promptId,
        instructions,
        budgets,
        plan,
        chains,
        modelStateDelta,
        extension,
        unknownFields);
  }

  @Override
  public String toString() {
    return "AgentConfig" + stored;
  }

  /**
   * Stores the config as JSON text; a missing value reads as {@link #empty()}. The value is
   * immutable, and marked so: Hibernate keeps what it loaded as its snapshot for dirty checking,
   * instead of a copy made by writing the JSON and reading it back.
   */
  @jakarta.persistence.Converter
  @org.hibernate.annotations.Immutable
  public static class Converter implements AttributeConverter<AgentConfig, String> {

    @Override
    public String convertToDatabaseColumn(AgentConfig config) {
      return config == null ? null : config.toStored();
    }

    @Override
    public AgentConfig convertToEntityAttribute(String json) {
      return json == null ? empty() : fromStored(json);
    }
  }
}
