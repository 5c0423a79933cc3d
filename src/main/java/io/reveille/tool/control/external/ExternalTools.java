package io.reveille.tool.control.external;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * The external tools of this server: read from {@code reveille.tools.external.file} when the
 * registry loads (so a bad document stops the deployment), with one circuit breaker per tool, and
 * the secrets their headers name, read from MicroProfile Config at each call so that a rotated
 * secret needs no restart — only from the {@code tool-secret.} namespace ({@link
 * Templates#SECRET_PREFIX}), so no document reaches another setting of the server.
 */
@ApplicationScoped
public class ExternalTools {

  private static final Logger LOG = Logger.getLogger(ExternalTools.class.getName());

  @Inject ExternalToolsConfig settings;
  @Inject Config config;
  @Inject Clock clock;
  @Inject @Any Instance<ExternalToolSource> sources;

  private ToolBreakers breakers;

  /**
   * The document's declarations once read: a rebuild of the registry (a source's tools changed)
   * takes the document as the deployment read it rather than reading and checking the file again.
   */
  private volatile List<ExternalToolDeclaration> documented;

  @PostConstruct
  void init() {
    breakers =
        new ToolBreakers(clock, settings.breakerFailureThreshold(), settings.breakerOpenFor());
  }

  /**
   * Reads and validates the declarations.
   *
   * @param builtInNames names the external tools may not take
   * @throws IllegalStateException naming the file and every violation
   */
  public List<ExternalToolDeclaration> load(Set<String> builtInNames) {
    var fromDocument = documented;
    if (fromDocument == null) {
      fromDocument = document(builtInNames);
      documented = fromDocument;
    }
    var declared = new ArrayList<>(fromDocument);
    var taken = new HashSet<>(builtInNames);
    declared.forEach(tool -> taken.add(tool.name()));
    for (var source : sources()) {
      for (var tool : source.declarations(Set.copyOf(taken))) {
        if (!taken.add(tool.name())) {
          throw new IllegalStateException("two external tools are named " + tool.name());
        }
        declared.add(tool);
      }
    }
    return List.copyOf(declared);
  }

  /** The source that sends requests to {@code uri}; empty for HTTP, which Reveille sends itself. */
  public Optional<ExternalToolSource> sourceFor(java.net.URI uri) {
    for (var source : sources()) {
      if (source.sends(uri)) {
        return Optional.of(source);
      }
    }
    return Optional.empty();
  }

  /** The sources the container found; none where there is no container (unit tests). */
  private Iterable<ExternalToolSource> sources() {
    return sources == null ? List.of() : sources;
  }

  private List<ExternalToolDeclaration> document(Set<String> builtInNames) {
    if (settings.file().isEmpty()) {
      return List.of();
    }
    var path = Path.of(settings.file().get());
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(
          "reveille.tools.external.file: cannot read " + path + " (" + e + ")", e);
    }
    var classifier = classifier();
    try {
      var declarations = ExternalToolDocument.parse(text, builtInNames, classifier);
      warnOfUnsetSecrets(declarations);
      LOG.info(
          () ->
              "External tools from "
                  + path
                  + ": "
                  + declarations.stream()
                      .map(d -> d.name() + " (" + d.sideEffect().wire() + ")")
                      .toList());
      return declarations;
    } catch (IllegalStateException e) {
      throw new IllegalStateException(path + ": " + e.getMessage(), e);
    }
  }

  /** The classifier of tools that do not declare their side effect, with the configured lists. */
  public SideEffectClassifier classifier() {
    return new SideEffectClassifier(settings.readOnlyAllowlist(), settings.sideEffectDenylist());
  }

  /**
   * The value of the secret a header names as {@code ${secret:name}}: the property {@code
   * tool-secret.name} and nothing else; never logged.
   */
  public Optional<String> secret(String name) {
    return config.getOptionalValue(Templates.secretProperty(name), String.class);
  }

  /**
   * Names (never values) every secret the tools refer to that is not set now: a call needing it
   * would send nothing. A warning, not a refusal: a secret may be set later, since each call reads
   * it afresh.
   */
  private void warnOfUnsetSecrets(List<ExternalToolDeclaration> declarations) {
    var unset = new java.util.TreeSet<String>();
    for (var declaration : declarations) {
      for (var value : declaration.headers().values()) {
        Templates.secretNames(value).stream()
            .filter(name -> secret(name).filter(secret -> !secret.isBlank()).isEmpty())
            .forEach(unset::add);
      }
    }
    for (var name : unset) {
      LOG.warning(
          () ->
              "External tools: ${secret:"
                  + name
                  + "} is not set; set "
                  + Templates.secretProperty(name)
                  + " (in the environment "
                  + Templates.secretVariable(name)
                  + ")");
    }
  }

  /** See {@link ExternalToolsConfig#maxResponseBytes()}. */
  public int maxResponseBytes() {
    return settings.maxResponseBytes();
  }

  /** See {@link ExternalToolsConfig#staleMargin()}. */
  public java.time.Duration staleMargin() {
    return settings.staleMargin();
  }

  public ToolBreakers breakers() {
    return breakers;
  }

  public ExternalToolsConfig settings() {
    return settings;
  }
}
