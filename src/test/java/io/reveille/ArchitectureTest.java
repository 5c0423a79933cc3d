package io.reveille;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Entity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The layering every feature package keeps, checked on the compiled main classes so that it cannot
 * rot quietly: features form no cycle, entities know nothing of the layers above them, control
 * speaks no transport, and a feature reads only its own tables.
 *
 * <p>A feature is a package {@code io.reveille.<feature>}; its roles are the subpackages {@code
 * boundary}, {@code control} and {@code entity}.
 */
class ArchitectureTest {

  static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(new ImportOption.DoNotIncludeTests())
          .importPackages("io.reveille");

  /**
   * The control classes that speak JMS, JAX-RS or servlet types, each with the reason. Everything
   * else that touches a transport lives in a boundary.
   */
  static final Map<String, String> TRANSPORT_ADAPTERS =
      Map.of(
          "io.reveille.messaging.control.DeadLetterActions",
          "the broker's dead-letter queues are its subject: it takes, discards and replays"
              + " messages on them, which only JMS can do",
          "io.reveille.messaging.control.QueueDepths",
          "counts the messages on the broker's queues by asking the broker's management queue,"
              + " which is a JMS request and reply");

  /**
   * The control classes that query another feature's tables, each with the reason. Everyone else
   * asks the owning feature's control classes.
   */
  static final Map<String, String> READS_OTHER_TABLES =
      Map.of(
          "io.reveille.retention.control.RetentionSteps",
          "retention purges the old finished rows of every feature in bounded batches; the"
              + " purge queries are its whole job and would otherwise be spread over the owners",
          "io.reveille.events.control.ChangeReads",
          "the change feed's read model: ids, names and statuses of agents, runs and proposals by"
              + " their updated_at, for the event stream; it changes nothing and nothing below"
              + " it imports it",
          "io.reveille.run.control.RunStatistics",
          "the console's pictures of the run log: counts and percentiles per minute and tokens"
              + " per agent, read-only, and nothing below it imports it",
          "io.reveille.run.control.RunQueries",
          "the runs read model: it pages and filters the run log the wake writes, for operators,"
              + " and nothing below it imports it",
          "io.reveille.workingstate.control.WorkingStates",
          "a mutating tool call reads its agent and its thread's working-state row in one"
              + " statement after the state lock (agentAndRow); the agent is read as the agent"
              + " feature's own find reads it, and nothing here changes it");

  @Test
  void featuresFormNoCycle() {
    slices().matching("io.reveille.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void entitiesKnowNothingOfControlOrBoundary() {
    noClasses()
        .that()
        .resideInAPackage("io.reveille..entity..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.reveille..control..", "io.reveille..boundary..")
        .check(MAIN);
  }

  @Test
  void controlSpeaksNoTransportOutsideItsNamedAdapters() {
    noClasses()
        .that()
        .resideInAPackage("io.reveille..control..")
        .and(describe("are not named adapters", c -> !TRANSPORT_ADAPTERS.containsKey(c.getName())))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("jakarta.ws.rs..", "jakarta.jms..", "jakarta.servlet..")
        .check(MAIN);
  }

  @Test
  void controlQueriesOnlyItsOwnFeaturesEntities() {
    classes()
        .that()
        .resideInAPackage("io.reveille.*.control..")
        .and(
            describe(
                "are not on the allow-list", c -> !READS_OTHER_TABLES.containsKey(topLevel(c))))
        .should(queryNoOtherFeaturesEntities())
        .check(MAIN);
  }

  @Test
  void builtInToolsAndExternalCallsDoNotKnowEachOther() {
    noClasses()
        .that()
        .resideInAPackage("io.reveille.tool.control.builtin..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.reveille.tool.control.external..")
        .check(MAIN);
    noClasses()
        .that()
        .resideInAPackage("io.reveille.tool.control.external..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.reveille.tool.control.builtin..")
        .check(MAIN);
  }

  @Test
  void noToolPackageHoldsMoreThanTwentyClasses() {
    var sizes =
        MAIN.stream()
            .filter(c -> c.getPackageName().startsWith("io.reveille.tool"))
            .filter(
                c -> c.getEnclosingClass().isEmpty() && !c.getSimpleName().equals("package-info"))
            .collect(Collectors.groupingBy(JavaClass::getPackageName, Collectors.counting()));
    sizes.forEach(
        (pkg, count) -> {
          if (count > 20) {
            throw new AssertionError(pkg + " holds " + count + " classes; split it by its parts");
          }
        });
  }

  @Test
  void everyPackageSaysWhatLivesThereAndWhatItMayUse() throws IOException {
    try (var dirs = Files.walk(Path.of("src/main/java/io/reveille"))) {
      var undescribed =
          dirs.filter(Files::isDirectory)
              .filter(ArchitectureTest::holdsJava)
              .filter(dir -> !Files.exists(dir.resolve("package-info.java")))
              .map(Path::toString)
              .sorted()
              .toList();
      if (!undescribed.isEmpty()) {
        throw new AssertionError("packages without a package-info.java: " + undescribed);
      }
    }
  }

  private static boolean holdsJava(Path dir) {
    try (var files = Files.list(dir)) {
      return files.anyMatch(f -> f.toString().endsWith(".java"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Wire names are parsed by {@link WireEnum} and stored by {@link WireEnumConverter}, nowhere
   * else: no {@code fromWire} of its own, and every JPA converter of an enum extends the one
   * converter.
   */
  @Test
  void wireNamesAreParsedOnlyByWireEnum() {
    noMethods()
        .should()
        .haveName("fromWire")
        .because("WireEnum.find and WireEnum.parse hold all parsing of wire names")
        .check(MAIN);
  }

  /** See {@link #wireNamesAreParsedOnlyByWireEnum}. */
  @Test
  void everyEnumConverterIsAWireEnumConverter() {
    classes()
        .that()
        .implement(AttributeConverter.class)
        .and(describe("convert an enum", ArchitectureTest::convertsAnEnum))
        .should()
        .beAssignableTo(WireEnumConverter.class)
        .check(MAIN);
  }

  /** Whether a converter's {@code convertToDatabaseColumn} takes an enum. */
  static boolean convertsAnEnum(JavaClass converter) {
    return converter.getAllMethods().stream()
        .filter(m -> m.getName().equals("convertToDatabaseColumn"))
        .flatMap(m -> m.getRawParameterTypes().stream())
        .anyMatch(t -> t.isEnum() || t.getName().equals(Enum.class.getName()));
  }

  @Test
  void allowListsNameClassesThatExist() {
    for (var name : union(TRANSPORT_ADAPTERS.keySet(), READS_OTHER_TABLES.keySet())) {
      if (!MAIN.contain(name)) {
        throw new AssertionError("the allow-list names " + name + ", which no longer exists");
      }
    }
  }

  private static final Pattern FEATURE = Pattern.compile("io\\.reveille\\.([a-z]+)\\..*");

  /** The feature a class belongs to: the package right below {@code io.reveille}. */
  static String feature(JavaClass c) {
    var m = FEATURE.matcher(c.getName());
    return m.matches() ? m.group(1) : "";
  }

  static String topLevel(JavaClass c) {
    var top = c;
    while (top.getEnclosingClass().isPresent()) {
      top = top.getEnclosingClass().get();
    }
    return top.getName();
  }

  /**
   * Queries no JPA entity of another feature. A query is recognised two ways: the entity's class
   * object passed to the entity manager or a criteria query ({@code em.find(Task.class, id)},
   * {@code createQuery(jpql, Task.class)}, {@code query.from(Task.class)}), and the entity's name
   * in query text of the class's source ({@code FROM Task}, {@code JOIN Task}, {@code
   * "Task.byCategory"}). Only {@code @Entity} classes count: enums and value objects of another
   * feature's entity package are its published vocabulary, and holding an entity a service returned
   * is not a read of its table.
   */
  static ArchCondition<JavaClass> queryNoOtherFeaturesEntities() {
    var entities =
        MAIN.stream()
            .filter(c -> c.isAnnotatedWith(Entity.class))
            .collect(Collectors.toMap(JavaClass::getSimpleName, c -> c));
    return new ArchCondition<>("query no other feature's entities") {
      @Override
      public void check(JavaClass item, ConditionEvents events) {
        var own = feature(item);
        var read = new TreeSet<String>();
        item.getDirectDependenciesFromSelf().stream()
            .filter(d -> d.getDescription().contains("references class object"))
            .map(d -> d.getTargetClass().getBaseComponentType())
            .filter(t -> t.isAnnotatedWith(Entity.class) && !feature(t).equals(own))
            .forEach(
                t -> read.add(t.getName() + " (class object, " + t.getSimpleName() + ".class)"));
        if (item.getEnclosingClass().isEmpty()) {
          for (var name : queriedNames(item)) {
            var entity = entities.get(name);
            if (entity != null && !feature(entity).equals(own)) {
              read.add(entity.getName() + " (query text naming " + name + ")");
            }
          }
        }
        for (var entity : read) {
          events.add(
              SimpleConditionEvent.violated(
                  item,
                  item.getName()
                      + " queries "
                      + entity
                      + ", an entity of another feature: ask its control classes instead"));
        }
      }
    };
  }

  private static final Pattern QUERIED =
      Pattern.compile("(?i:\\b(?:from|join|update)\\s+)([A-Z]\\w*)|\"([A-Z]\\w*)\\.\\w+\"");

  /** The names a top-level class's source puts after FROM, JOIN or UPDATE, or before a dot. */
  static Set<String> queriedNames(JavaClass c) {
    var file =
        Path.of("src/main/java", c.getPackageName().replace('.', '/'), c.getSimpleName() + ".java");
    if (!Files.exists(file)) {
      throw new AssertionError("no source for " + c.getName() + " at " + file.toAbsolutePath());
    }
    try {
      var names = new TreeSet<String>();
      var m = QUERIED.matcher(Files.readString(file));
      while (m.find()) {
        names.add(m.group(1) != null ? m.group(1) : m.group(2));
      }
      return names;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    var all = new TreeSet<>(a);
    all.addAll(b);
    return all;
  }
}
