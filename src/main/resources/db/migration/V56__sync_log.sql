-- Multi-site sync: the per-origin sequence log. A site with a host id writes one row here for every
-- shared record it changes, in the transaction of the change, with no counter yet; its sender
-- numbers those rows 1, 2, 3 … in the order it sends them (one sender at a time per site: it holds
-- the site's row in sync_origins), so the counters a peer receives from an origin have no holes
-- but lost ones. A record received from a peer is kept here under its origin's host and counter,
-- once however often it arrives, and applied in its origin's order.
CREATE TABLE sync_records (
    id              VARCHAR(64)  NOT NULL,
    origin_host     VARCHAR(64)  NOT NULL,
    origin_counter  BIGINT,
    record_type     VARCHAR(32)  NOT NULL,
    record_id       VARCHAR(200) NOT NULL,
    schema_version  INTEGER      NOT NULL,
    document        ${text_type} NOT NULL,
    logged_at       TIMESTAMP    NOT NULL,
    sent_at         TIMESTAMP,
    applied_at      TIMESTAMP,
    CONSTRAINT pk_sync_records PRIMARY KEY (id),
    CONSTRAINT uq_sync_records_origin_counter UNIQUE (origin_host, origin_counter),
    CONSTRAINT ck_sync_records_counter CHECK (origin_counter IS NULL OR origin_counter >= 1),
    CONSTRAINT ck_sync_records_version CHECK (schema_version >= 1)
);

-- The unique constraint's index serves every read by origin: the rows still to number (this
-- site's, counter null), the ones to send again, and a peer's next record to apply.

-- One row per origin host: for this site's own host, how far it has numbered and sent; for a
-- peer's, how far its records are applied without a hole and the highest counter seen.
CREATE TABLE sync_origins (
    host_id          VARCHAR(64)   NOT NULL,
    version          BIGINT        NOT NULL,
    applied_through  BIGINT        NOT NULL,
    highest_seen     BIGINT        NOT NULL,
    blocked_reason   VARCHAR(500),
    updated_at       TIMESTAMP     NOT NULL,
    CONSTRAINT pk_sync_origins PRIMARY KEY (host_id),
    CONSTRAINT ck_sync_origins_counters
        CHECK (applied_through >= 0 AND highest_seen >= applied_through)
);
