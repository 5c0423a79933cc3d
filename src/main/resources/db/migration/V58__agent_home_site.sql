-- Multi-site sync: the site an agent lives on, its home (the host id of the site that made it):
-- only there does it run, act or change. Null for an agent made where no site is configured,
-- which lives wherever it is.
ALTER TABLE agents ADD COLUMN home_host VARCHAR(64);
