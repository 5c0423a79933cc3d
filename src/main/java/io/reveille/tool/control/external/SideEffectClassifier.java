package io.reveille.tool.control.external;

import io.reveille.tool.entity.ToolSideEffect;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The side-effect class of an external tool that does not declare one, from its name: the
 * durable-jobs heuristic for tools nobody classified by hand. A name containing a writing verb is
 * {@code external}; else one with a reading verb as a whole word ({@code get_invoice}, not {@code
 * thread_summary}) is {@code readOnly}; anything else is {@code external}, because treating a write
 * as a read would let it run twice. Writing verbs match anywhere and reading verbs only as words,
 * so every doubt falls on the side of {@code external}. The allowlist makes a tool {@code
 * readOnly}, the denylist {@code external}; a tool on both is {@code external} (deny wins).
 */
public final class SideEffectClassifier {

  private static final Pattern WRITES =
      Pattern.compile(
          "SEND|CREATE|UPDATE|DELETE|PATCH|POST|MERGE|UPLOAD|INVITE|PUBLISH|COMMENT|REPLY|FORWARD"
              + "|ARCHIVE|LABEL|MOVE|MARK|ASSIGN");
  private static final Pattern READS =
      Pattern.compile("(^|_)(GET|LIST|SEARCH|READ|FETCH|RETRIEVE)(_|$)");

  private final Set<String> readOnlyAllowlist;
  private final Set<String> sideEffectDenylist;

  public SideEffectClassifier(Set<String> readOnlyAllowlist, Set<String> sideEffectDenylist) {
    this.readOnlyAllowlist = Set.copyOf(readOnlyAllowlist);
    this.sideEffectDenylist = Set.copyOf(sideEffectDenylist);
  }

  /** The class of tool {@code name}: the lists first, then the name's verbs. */
  public ToolSideEffect classify(String name) {
    if (sideEffectDenylist.contains(name)) {
      return ToolSideEffect.EXTERNAL;
    }
    if (readOnlyAllowlist.contains(name)) {
      return ToolSideEffect.READ_ONLY;
    }
    var upper = name.toUpperCase(Locale.ROOT);
    if (WRITES.matcher(upper).find()) {
      return ToolSideEffect.EXTERNAL;
    }
    if (READS.matcher(upper).find()) {
      return ToolSideEffect.READ_ONLY;
    }
    return ToolSideEffect.EXTERNAL;
  }

  /**
   * The class of a tool that may declare one: a declared class stands, except that the denylist
   * forces {@code external} even on a tool declared {@code readOnly}.
   */
  public ToolSideEffect classify(String name, java.util.Optional<ToolSideEffect> declared) {
    if (sideEffectDenylist.contains(name)) {
      return ToolSideEffect.EXTERNAL;
    }
    return declared.orElseGet(() -> classify(name));
  }
}
