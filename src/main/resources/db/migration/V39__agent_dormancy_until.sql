-- Why a dormant agent sleeps when the server paused it (e.g. 'dailyTokenQuota': its daily model-token
-- quota is spent) and when it wakes again on its own; both NULL for an operator's pause and for an
-- agent that is not dormant.
ALTER TABLE agents ADD COLUMN dormant_reason VARCHAR(64);
ALTER TABLE agents ADD COLUMN resume_at TIMESTAMP;
