package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.CATEGORY_READ;
import static io.reveille.tool.entity.Capability.TASK_READ;
import static io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE;

import io.reveille.journal.control.AttentionRequestService;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The context reads: which categories the agent may use, which tasks are in them, and which task a
 * phrase most likely means. {@code resolve_task_reference} only ranks candidates; a write must then
 * name its task explicitly (seed 000 §4.4: ambiguous targets never auto-write). A listed task with
 * a pending request for a person's time carries the one the day planner honours ({@code
 * attention}).
 */
@ApplicationScoped
public class CategoryTools implements ToolSet {

  static final int DEFAULT_LIMIT = 50;
  static final int CLOSED_PENALTY_PERCENT = 15;

  @Inject ScopedQueries queries;
  @Inject AttentionRequestService attention;
  @Inject Clock clock;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.reading("list_allowed_categories")
            .requires(CATEGORY_READ)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::listAllowedCategories),
        ToolDefinition.reading("list_tasks_in_scope")
            .requires(TASK_READ)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::listTasksInScope),
        ToolDefinition.reading("resolve_task_reference")
            .requires(TASK_READ)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::resolveTaskReference));
  }

  ToolOutcome listAllowedCategories(ToolInvocation call) {
    return ToolOutcome.read(
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("categories", ToolJson.array(queries.categories(call.scope()), ToolJson::category))
            .build());
  }

  ToolOutcome listTasksInScope(ToolInvocation call) {
    var args = call.arguments();
    var statuses =
        args.strings("statuses").stream()
            .map(s -> WireEnum.parse(TaskStatus.class, s))
            .collect(Collectors.toSet());
    var tasks =
        queries.tasks(
            call.scope(),
            statuses,
            args.strings("categoryIds"),
            args.optionalInteger("limit").orElse(DEFAULT_LIMIT));
    // What the day planner honours: the most pressing pending request for time of each task.
    var honoured = attention.honoured(tasks.stream().map(Task::getId).toList(), clock.instant());
    var listed = JsonDocuments.provider().createArrayBuilder();
    for (var task : tasks) {
      var json = ToolJson.task(task);
      var request = honoured.get(task.getId());
      if (request != null) {
        json =
            JsonDocuments.provider()
                .createObjectBuilder(json)
                .add("attention", AttentionTools.json(request))
                .build();
      }
      listed.add(json);
    }
    return ToolOutcome.read(
        JsonDocuments.provider().createObjectBuilder().add("tasks", listed).build());
  }

  ToolOutcome resolveTaskReference(ToolInvocation call) {
    var args = call.arguments();
    var reference = args.string("reference");
    var limit = args.optionalInteger("limit").orElse(5);
    var candidates =
        queries.tasks(call.scope(), Set.of(), List.of(), 1_000).stream()
            .map(task -> new Candidate(task, score(reference, task)))
            .filter(candidate -> candidate.score() > 0)
            .sorted(
                Comparator.comparingInt(Candidate::score)
                    .reversed()
                    .thenComparing(candidate -> candidate.task().getId()))
            .limit(limit)
            .toList();
    var array = JsonDocuments.provider().createArrayBuilder();
    for (var candidate : candidates) {
      array.add(
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("taskId", candidate.task().getId())
              .add("title", candidate.task().getTitle())
              .add("status", candidate.task().getStatus().wire())
              .add("categoryId", candidate.task().getCategoryId())
              .add("score", candidate.score() / 100.0));
    }
    return ToolOutcome.read(
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("reference", reference)
            .add("candidates", array)
            .add(
                "ambiguous",
                candidates.size() > 1 && candidates.get(0).score() - candidates.get(1).score() < 10)
            .build());
  }

  private record Candidate(Task task, int score) {}

  /**
   * A 0–100 match score: the id itself 100, the exact title 95, a title containing the phrase 80,
   * else the share of the phrase's words found in the title (up to 70). Closed tasks rank lower.
   */
  static int score(String reference, Task task) {
    var phrase = normalize(reference);
    var title = normalize(task.getTitle());
    int score;
    if (reference.strip().equals(task.getId())) {
      score = 100;
    } else if (phrase.isEmpty()) {
      score = 0;
    } else if (title.equals(phrase)) {
      score = 95;
    } else if (title.contains(phrase)) {
      score = 80;
    } else {
      var words = words(phrase);
      var titleWords = words(title);
      var found = words.stream().filter(titleWords::contains).count();
      score = words.isEmpty() ? 0 : (int) (70 * found / words.size());
    }
    if (score > 0 && task.getStatus().isClosed()) {
      score = Math.max(1, score - CLOSED_PENALTY_PERCENT);
    }
    return score;
  }

  private static String normalize(String text) {
    return text.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
  }

  private static Set<String> words(String text) {
    return Arrays.stream(text.split("[^\\p{L}\\p{N}]+"))
        .filter(word -> word.length() > 1)
        .collect(Collectors.toSet());
  }
}
