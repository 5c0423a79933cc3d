-- Two more statuses of open work: groomed (refined and ready to be picked up) and onHold (set
-- aside on purpose, not blocked by anything). Spelled in the wire convention like the others.
ALTER TABLE journal_tasks DROP CONSTRAINT ck_journal_tasks_status;
ALTER TABLE journal_tasks ADD CONSTRAINT ck_journal_tasks_status
  CHECK (status IN ('open', 'inProgress', 'blocked', 'groomed', 'onHold', 'done', 'rejected'));
