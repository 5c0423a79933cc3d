-- What an agent is doing now (running, waiting, queued, idle, and which run) is read from the run
-- log, where single flight keeps at most one started run an agent: a second, node-local copy of it
-- that nothing wrote is gone.
DROP TABLE agent_runtime_states;
