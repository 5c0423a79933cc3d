package io.reveille.template.control;

import io.reveille.platform.StartupWork;
import io.reveille.platform.error.NotFoundException;
import io.reveille.template.entity.AgentTemplate;
import io.reveille.tool.control.ToolRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The agent templates: those shipped in the application ({@value #SHIPPED}, listed in its {@code
 * index.txt}) and those of the directory {@code reveille.templates.dir} (every {@code .yaml},
 * {@code .yml} and {@code .json} file in it, at most {@value #MAX_DIRECTORY_FILES} of at most
 * {@value #MAX_FILE_BYTES} bytes each). All are read and checked when the application starts: a bad
 * template, or one version of a template given twice, stops the deployment naming the file and
 * every violation. They then seed the database in the background ({@link StartupWork}, readiness
 * waiting for it), which keeps every version ever seeded; a version whose text differs from the one
 * stored is refused there, keeping the server unready with the reason in its log.
 *
 * <p>Every node reads the versions from the database, so a cluster agrees on them whatever each
 * node's directory holds; the latest version of a template is the one new agents are made from.
 */
@ApplicationScoped
public class TemplateCatalog {

  private static final Logger LOG = Logger.getLogger(TemplateCatalog.class.getName());

  public static final String SHIPPED = "templates/shipped/";
  static final int MAX_DIRECTORY_FILES = 200;
  static final long MAX_FILE_BYTES = 256 * 1024;

  @Inject
  @ConfigProperty(name = "reveille.templates.dir")
  Optional<String> directory;

  @Inject TemplateStore store;
  @Inject ToolRegistry registry;
  @Inject StartupWork startupWork;

  /** The documents read at start, with where each came from. */
  private List<Read> read;

  /** Stored versions already checked, by their row id. */
  private final Map<String, TemplateDocument> parsed = new ConcurrentHashMap<>();

  private record Read(TemplateDocument template, String source) {}

  void onStartup(@Observes Startup event) {
    // Touching the bean runs @PostConstruct now: a bad template stops the deployment.
  }

  @PostConstruct
  void load() {
    var all = new ArrayList<Read>();
    for (var name : shippedNames()) {
      all.add(new Read(TemplateDocument.shipped(SHIPPED + name), AgentTemplate.SHIPPED));
    }
    directory
        .map(String::strip)
        .filter(d -> !d.isEmpty())
        .ifPresent(d -> all.addAll(fromDirectory(Path.of(d))));
    var seen = new HashMap<String, String>();
    for (var one : all) {
      var key = AgentTemplate.key(one.template().id(), one.template().version());
      var before = seen.put(key, one.template().digest());
      if (before != null && !before.equals(one.template().digest())) {
        throw new IllegalStateException(
            "template "
                + one.template().id()
                + " version "
                + one.template().version()
                + " is given twice with different texts (shipped and in reveille.templates.dir, or"
                + " twice in the directory); give the change a new version");
      }
    }
    var known =
        registry.all().stream()
            .map(tool -> tool.name())
            .collect(java.util.stream.Collectors.toSet());
    var problems = new ArrayList<String>();
    java.util.function.Predicate<String> holdable =
        name ->
            registry
                .find(name)
                .filter(
                    tool ->
                        tool.isMutating()
                            && (tool.previewSupported()
                                || tool.sideEffect()
                                    == io.reveille.tool.entity.ToolSideEffect.EXTERNAL))
                .isPresent();
    for (var one : all) {
      problems.addAll(unknownTools(one.template(), known));
      problems.addAll(unholdableTools(one.template(), holdable));
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "agent templates name tools that do not exist or cannot be held for approval:\n  "
              + String.join("\n  ", problems));
    }
    read = List.copyOf(all);
    startupWork.submit("agent templates", this::seed);
  }

  /** Stores every version read at start that the database lacks. */
  void seed() {
    var stored = 0;
    for (var one : read) {
      if (store.seed(one.template(), one.source())) {
        stored++;
      }
    }
    LOG.info("Agent templates: " + read.size() + " read, " + stored + " versions stored now");
  }

  /**
   * The tools a template's agent config names ({@code agent.config.tools}) that no tool has, each
   * named with the template; an MCP server's tool ({@code mcp__…}) is left to the server, whose
   * tools come and go.
   */
  static List<String> unknownTools(TemplateDocument template, java.util.Set<String> known) {
    return configNames(template, "tools").stream()
        .filter(name -> !name.startsWith("mcp__") && !known.contains(name))
        .map(name -> refusal(template, "tools", name, "which no tool has"))
        .toList();
  }

  /**
   * The tools a template's agent config wants held for approval ({@code
   * agent.config.approvalTools}) that cannot be: no such tool, a read, or a built-in tool that
   * cannot preview its effect for a person to approve ({@code holdable} says which can).
   */
  static List<String> unholdableTools(
      TemplateDocument template, java.util.function.Predicate<String> holdable) {
    return configNames(template, "approvalTools").stream()
        .filter(name -> !name.startsWith("mcp__") && !holdable.test(name))
        .map(
            name ->
                refusal(
                    template,
                    "approvalTools",
                    name,
                    "which no tool has, or which does not change anything or cannot preview its"
                        + " effect for a person to approve"))
        .toList();
  }

  private static List<String> configNames(TemplateDocument template, String field) {
    var config = template.json().getJsonObject("agent").getJsonObject("config");
    if (config == null || !config.containsKey(field)) {
      return List.of();
    }
    return config.getJsonArray(field).stream()
        .filter(value -> value instanceof jakarta.json.JsonString)
        .map(value -> ((jakarta.json.JsonString) value).getString())
        .toList();
  }

  private static String refusal(TemplateDocument template, String field, String name, String why) {
    return "template "
        + template.id()
        + " version "
        + template.version()
        + ": $.agent.config."
        + field
        + " names '"
        + name
        + "', "
        + why;
  }

  /** The names of the shipped templates' files, in the order they are listed. */
  public static List<String> shippedNames() {
    return TemplateDocument.resource(SHIPPED + "index.txt")
        .lines()
        .map(String::strip)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .toList();
  }

  private static List<Read> fromDirectory(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException(
          "reveille.templates.dir names " + dir + ", which is not a readable directory");
    }
    try (Stream<Path> files = Files.list(dir)) {
      var chosen =
          files
              .filter(Files::isRegularFile)
              .filter(
                  file -> {
                    var name = file.getFileName().toString();
                    return name.endsWith(".yaml")
                        || name.endsWith(".yml")
                        || name.endsWith(".json");
                  })
              .sorted()
              .toList();
      if (chosen.size() > MAX_DIRECTORY_FILES) {
        throw new IllegalStateException(
            "reveille.templates.dir holds "
                + chosen.size()
                + " templates; at most "
                + MAX_DIRECTORY_FILES
                + " are read");
      }
      var all = new ArrayList<Read>();
      var problems = new ArrayList<String>();
      for (var file : chosen) {
        if (Files.size(file) > MAX_FILE_BYTES) {
          problems.add(file + ": larger than " + MAX_FILE_BYTES + " bytes");
          continue;
        }
        try {
          all.add(
              new Read(
                  TemplateDocument.parse(Files.readString(file), file.toString()),
                  AgentTemplate.DIRECTORY));
        } catch (IllegalStateException e) {
          problems.add(e.getMessage());
        }
      }
      if (!problems.isEmpty()) {
        throw new IllegalStateException(
            "reveille.templates.dir holds templates that are refused:\n"
                + String.join("\n", problems));
      }
      return all;
    } catch (IOException e) {
      throw new UncheckedIOException("reveille.templates.dir " + dir + " could not be read", e);
    }
  }

  /** The latest version of every stored template, by id. */
  public List<TemplateDocument> latest() {
    var latest = new LinkedHashMap<String, AgentTemplate>();
    for (var row : store.all()) {
      latest.put(row.getTemplateId(), row);
    }
    return latest.values().stream().map(this::document).toList();
  }

  /** Every stored version of a template, oldest first. */
  public List<TemplateDocument> versions(String templateId) {
    var versions = store.versions(templateId);
    if (versions.isEmpty()) {
      throw new NotFoundException("template", templateId);
    }
    return versions.stream().map(this::document).toList();
  }

  /** The latest version of a template. */
  public TemplateDocument latest(String templateId) {
    var versions = versions(templateId);
    return versions.get(versions.size() - 1);
  }

  /** One version of a template. */
  public TemplateDocument version(String templateId, int version) {
    return document(stored(templateId, version));
  }

  /** The stored row of one version: where it came from and who wrote it. */
  public AgentTemplate stored(String templateId, int version) {
    return store
        .find(templateId, version)
        .orElseThrow(
            () ->
                new NotFoundException("template version", AgentTemplate.key(templateId, version)));
  }

  private TemplateDocument document(AgentTemplate row) {
    return parsed.computeIfAbsent(
        row.getId(), id -> TemplateDocument.stored(row.getDocument(), "stored " + id));
  }
}
