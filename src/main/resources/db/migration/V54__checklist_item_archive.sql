-- A checklist item migrated to another task stays on its checklist, archived: it records when and
-- which item carries it on, and is no longer edited, moved or counted.
ALTER TABLE journal_checklist_items ADD COLUMN archived_at TIMESTAMP;
ALTER TABLE journal_checklist_items ADD COLUMN migrated_to_item_id VARCHAR(64);
