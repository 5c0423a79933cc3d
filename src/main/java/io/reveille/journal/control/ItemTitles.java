package io.reveille.journal.control;

import io.reveille.journal.entity.ChecklistItem;
import io.reveille.platform.error.InvalidInputException;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks on checklist item titles, kept apart so that every {@link ChecklistService} call that
 * takes titles refuses the same ones with the same field names.
 */
final class ItemTitles {

  private ItemTitles() {}

  /** Checks every title first, naming the bad one ({@code field[i]}); stripped titles out. */
  static List<String> checkedTitles(List<String> titles, String field, boolean mayBeEmpty) {
    if (titles == null) {
      if (mayBeEmpty) {
        return List.of();
      }
      throw new InvalidInputException(field, "is required");
    }
    if ((!mayBeEmpty && titles.isEmpty()) || titles.size() > ChecklistService.MAX_ITEMS_PER_CALL) {
      throw new InvalidInputException(
          field,
          "give "
              + (mayBeEmpty ? 0 : 1)
              + " to "
              + ChecklistService.MAX_ITEMS_PER_CALL
              + " titles");
    }
    var checked = new ArrayList<String>();
    for (int i = 0; i < titles.size(); i++) {
      checked.add(checkedTitle(titles.get(i), field + "[" + i + "]"));
    }
    return checked;
  }

  static String checkedTitle(String title, String field) {
    if (title == null || title.isBlank() || title.length() > ChecklistItem.MAX_TITLE_LENGTH) {
      throw new InvalidInputException(
          field, "must be 1 to " + ChecklistItem.MAX_TITLE_LENGTH + " characters and not blank");
    }
    return title.strip();
  }
}
