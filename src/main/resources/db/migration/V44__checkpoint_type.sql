-- What boundary a run's checkpoint marks: between two steps of one phase (step_boundary, e.g. two
-- model turns) or at the end of a phase (phase_boundary). Checkpoints written before count as step
-- boundaries.
ALTER TABLE run_checkpoints ADD COLUMN checkpoint_type VARCHAR(24) DEFAULT 'step_boundary' NOT NULL;
