-- The door a run came in through (notification, timer, api, session, agent, system): finer than
-- its reason where one reason has two doors. Null for runs written before.
ALTER TABLE wake_run_log ADD COLUMN entrypoint VARCHAR(16);
