package io.reveille.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import java.util.UUID;

/**
 * A test's own journal over HTTP: a category named uniquely, its tasks and projects, each made
 * through the API as a person makes them, each creation checked.
 */
public final class JournalWorld {

  private JournalWorld() {}

  /** A new category whose name starts with {@code name} and is unique. */
  public static String category(Api api, String name) {
    var created =
        api.post(
            "/api/categories",
            Json.createObjectBuilder()
                .add("name", name + " " + UUID.randomUUID())
                .build()
                .toString());
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  /** A new open task of {@code category}. */
  public static String task(Api api, String title, String category) {
    return created(api, "/api/tasks", title, category);
  }

  /** A new open project of {@code category}. */
  public static String project(Api api, String title, String category) {
    return created(api, "/api/projects", title, category);
  }

  private static String created(Api api, String path, String title, String category) {
    var created =
        api.post(
            path,
            Json.createObjectBuilder()
                .add("title", title)
                .add("categoryId", category)
                .build()
                .toString());
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }
}
