package io.reveille.testing;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * What a Liberty FFDC incident prints of an object it dumps: its fields, their fields and theirs
 * (three levels, statics and inherited fields included, array elements one level below their
 * array), read by reflection as the incident does. Tests look in it for a secret.
 */
public final class IncidentDump {

  /** The depth of the "Dump of callerThis" section of an incident. */
  public static final int DEPTH = 3;

  private IncidentDump() {}

  /**
   * The field paths, within {@code depth} levels of {@code root}, whose value is a string equal to
   * {@code secret}, or a string array holding it; empty when an incident would not print it.
   */
  public static List<String> pathsTo(String secret, Object root, int depth) {
    var found = new ArrayList<String>();
    var seen = Collections.newSetFromMap(new IdentityHashMap<Object, Boolean>());
    var level = new ArrayDeque<Node>();
    level.add(new Node(root, root.getClass().getSimpleName()));
    seen.add(root);
    for (var d = 1; d <= depth && !level.isEmpty(); d++) {
      var next = new ArrayDeque<Node>();
      for (var node : level) {
        for (var child : children(node)) {
          if (child.value instanceof String string) {
            if (string.equals(secret)) {
              found.add(child.path);
            }
          } else if (child.value != null && d < depth && expandable(child.value, seen)) {
            next.add(child);
          }
        }
      }
      level = next;
    }
    return found;
  }

  private static boolean expandable(Object value, Set<Object> seen) {
    return !(value instanceof Class<?>)
        && !(value instanceof Number)
        && !(value instanceof Boolean)
        && !(value instanceof Character)
        && seen.add(value);
  }

  private static List<Node> children(Node node) {
    var children = new ArrayList<Node>();
    var value = node.value;
    if (value.getClass().isArray()) {
      if (!value.getClass().getComponentType().isPrimitive()) {
        for (var i = 0; i < Array.getLength(value); i++) {
          children.add(new Node(Array.get(value, i), node.path + "[" + i + "]"));
        }
      }
      return children;
    }
    for (var type = value.getClass(); type != null; type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        if (field.getType().isPrimitive() || !field.trySetAccessible()) {
          continue;
        }
        try {
          children.add(new Node(field.get(value), node.path + "." + field.getName()));
        } catch (IllegalAccessException e) {
          // Unreadable to the incident as well.
        }
      }
    }
    return children;
  }

  private record Node(Object value, String path) {}
}
