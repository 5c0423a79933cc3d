-- Multi-site sync: the ranges of a peer origin's counters this site found missing, and how far
-- filling each has come: noticed (missing, not asked for yet: a record can be merely late),
-- requested (asked of the origin, again after a while if still missing), confirmed (every record of
-- the range applied; only then is the range complete).
CREATE TABLE sync_backfills (
    id              VARCHAR(64)  NOT NULL,
    version         BIGINT       NOT NULL,
    origin_host     VARCHAR(64)  NOT NULL,
    from_counter    BIGINT       NOT NULL,
    to_counter      BIGINT       NOT NULL,
    status          VARCHAR(16)  NOT NULL,
    noticed_at      TIMESTAMP    NOT NULL,
    requested_at    TIMESTAMP,
    requests        INTEGER      NOT NULL,
    confirmed_at    TIMESTAMP,
    CONSTRAINT pk_sync_backfills PRIMARY KEY (id),
    CONSTRAINT ck_sync_backfills_range CHECK (from_counter >= 1 AND to_counter >= from_counter),
    CONSTRAINT ck_sync_backfills_status CHECK (status IN ('noticed', 'requested', 'confirmed')),
    CONSTRAINT ck_sync_backfills_requests CHECK (requests >= 0)
);

CREATE INDEX ix_sync_backfills_origin ON sync_backfills (origin_host, status, from_counter);
