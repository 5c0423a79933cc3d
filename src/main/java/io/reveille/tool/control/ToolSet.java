package io.reveille.tool.control;

import java.util.List;

/**
 * A group of tools contributed to the registry; each implementation is a CDI bean, found by the
 * registry at start-up.
 */
public interface ToolSet {
  List<ToolDefinition> tools();
}
