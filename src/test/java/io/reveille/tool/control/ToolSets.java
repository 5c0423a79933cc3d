package io.reveille.tool.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Every {@link ToolSet} of the application, found on disk rather than listed by hand, so that a new
 * tool set cannot escape the parity test. Tool sets build their definitions without their injected
 * services, so they can be instantiated here.
 */
final class ToolSets {

  private ToolSets() {}

  static List<ToolDefinition> allDefinitions() {
    var definitions = new ArrayList<ToolDefinition>();
    for (var type : toolSetClasses()) {
      try {
        var set = (ToolSet) type.getDeclaredConstructor().newInstance();
        definitions.addAll(set.tools());
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot instantiate " + type, e);
      }
    }
    return definitions;
  }

  /** The application's root package: tool sets live in the tool bed and in other features. */
  static final String ROOT = "io.reveille";

  static List<Class<?>> toolSetClasses() {
    try {
      var location = ToolSet.class.getProtectionDomain().getCodeSource().getLocation().toURI();
      var root = Path.of(location);
      var classes = new ArrayList<Class<?>>();
      try (var files = Files.walk(root.resolve(ROOT.replace('.', '/')))) {
        for (var file : files.filter(Files::isRegularFile).toList()) {
          var name = root.relativize(file).toString().replace(java.io.File.separatorChar, '.');
          if (!name.endsWith(".class") || name.contains("$")) {
            continue;
          }
          var type =
              Class.forName(
                  name.substring(0, name.length() - 6), false, ToolSets.class.getClassLoader());
          if (ToolSet.class.isAssignableFrom(type)
              && !type.isInterface()
              && !Modifier.isAbstract(type.getModifiers())) {
            classes.add(type);
          }
        }
      }
      return classes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException | ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
