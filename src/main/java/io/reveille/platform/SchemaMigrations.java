package io.reveille.platform;

import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;

/**
 * The migration scripts of this build, named explicitly.
 *
 * <p>Why a list and not Flyway's classpath scanning: Liberty's application class loader does not
 * enumerate resource directories (Flyway then fails with "Unable to resolve location
 * classpath:db/migration"), while loading a named resource always works. {@code
 * SchemaMigrationsTest} fails the build when a script in {@code db/migration} is missing here.
 */
final class SchemaMigrations implements ResourceProvider {

  static final String LOCATION = "db/migration/";

  /** Every script in {@code src/main/resources/db/migration}, in version order. */
  static final List<String> SCRIPTS =
      List.of(
          "V1__agent_domain.sql",
          "V2__memory_and_operations.sql",
          "V3__notification_batches.sql",
          "V4__subscription_index_generation.sql",
          "V5__journal_domain.sql",
          "V6__agent_mutations.sql",
          "V7__timer_wakes.sql",
          "V8__subscription_index_removals.sql",
          "V9__journal_labels_checklists.sql",
          "V10__journal_time_plans_ratings.sql",
          "V11__agents_that_think.sql",
          "V12__agent_sessions.sql",
          "V13__run_owner.sql",
          "V14__audit_trail.sql",
          "V15__run_heartbeat.sql",
          "V16__run_tokens_left_out.sql",
          "V17__run_views.sql",
          "V18__observation_priority.sql",
          "V19__thread_kind_index.sql",
          "V20__summary_depth_index.sql",
          "V21__working_state.sql",
          "V22__run_budgets.sql",
          "V23__run_steps_checkpoints.sql",
          "V25__tool_proposals.sql",
          "V26__external_tool_calls.sql",
          "V27__timer_alarms.sql",
          "V28__one_wire_convention.sql",
          "V29__audit_refusal_summaries.sql",
          "V30__run_log_page_index.sql",
          "V31__run_causer.sql",
          "V32__console_session_tokens.sql",
          "V33__notification_outbox.sql",
          "V34__message_content_inline.sql",
          "V35__run_cause.sql",
          "V36__no_node_runtime_states.sql",
          "V37__scheduled_wakes.sql",
          "V38__run_trigger_counters.sql",
          "V39__agent_dormancy_until.sql",
          "V40__agent_created_tasks.sql",
          "V41__agent_questions.sql",
          "V42__run_jobs.sql",
          "V43__tool_call_step.sql",
          "V44__checkpoint_type.sql",
          "V45__run_entrypoint.sql",
          "V46__mcp_sessions.sql",
          "V47__task_statuses_groomed_on_hold.sql",
          "V48__agent_templates.sql",
          "V49__template_evolution.sql",
          "V50__projects.sql",
          "V51__task_links.sql",
          "V52__proposal_withdrawn.sql",
          "V53__attention_requests.sql",
          "V54__checklist_item_archive.sql",
          "V55__change_feed.sql",
          "V56__sync_log.sql",
          "V57__sync_backfills.sql",
          "V58__agent_home_site.sql");

  private final ClassLoader classLoader;

  SchemaMigrations(ClassLoader classLoader) {
    this.classLoader = classLoader;
  }

  @Override
  public LoadableResource getResource(String name) {
    var file = name.startsWith(LOCATION) ? name.substring(LOCATION.length()) : name;
    return SCRIPTS.contains(file) ? new Script(file) : null;
  }

  @Override
  public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
    return SCRIPTS.stream()
        .filter(name -> name.startsWith(prefix))
        .filter(name -> Arrays.stream(suffixes).anyMatch(name::endsWith))
        .<LoadableResource>map(Script::new)
        .toList();
  }

  private final class Script extends LoadableResource {
    private final String fileName;

    Script(String fileName) {
      this.fileName = fileName;
    }

    @Override
    public Reader read() {
      var stream = classLoader.getResourceAsStream(LOCATION + fileName);
      if (stream == null) {
        throw new UncheckedIOException(
            new java.io.FileNotFoundException(
                "Migration script " + LOCATION + fileName + " is not on the class path"));
      }
      return new InputStreamReader(stream, StandardCharsets.UTF_8);
    }

    @Override
    public String getAbsolutePath() {
      return LOCATION + fileName;
    }

    @Override
    public String getAbsolutePathOnDisk() {
      return LOCATION + fileName;
    }

    @Override
    public String getFilename() {
      return fileName;
    }

    @Override
    public String getRelativePath() {
      return fileName;
    }
  }
}
