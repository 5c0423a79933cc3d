package io.reveille.tool.control;

import io.reveille.tool.control.builtin.TaskTools;
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

  /** The package the built-in tool sets live in. */
  static final String BUILT_IN = TaskTools.class.getPackageName();

  static List<Class<?>> toolSetClasses() {
    try {
      var location = ToolSet.class.getProtectionDomain().getCodeSource().getLocation().toURI();
      var packageDir = Path.of(location).resolve(BUILT_IN.replace('.', '/'));
      var classes = new ArrayList<Class<?>>();
      try (var files = Files.list(packageDir)) {
        for (var file : files.toList()) {
          var name = file.getFileName().toString();
          if (!name.endsWith(".class") || name.contains("$")) {
            continue;
          }
          var type = Class.forName(BUILT_IN + "." + name.substring(0, name.length() - 6));
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
