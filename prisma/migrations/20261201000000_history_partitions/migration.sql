-- Issue #38 §3: the history tables in monthly partitions (docs/operations.md, "History partitions").
--
-- Event, WebhookDelivery, WebhookAttempt and MovementRequestStatusChange are partitioned by range of
-- their id: ids are ULIDs, whose first ten characters are the creation time, so a month is a range of
-- ids and a lookup by id still finds one partition. VehiclePosition is partitioned by recordedAt, which
-- its unique key (movementId, recordedAt) holds. Each table has a default partition, which takes a row
-- whose month has no partition (a test's clock, a phone's clock, an id that is not a ULID); the worker's
-- maintenance moves such rows into their month.
--
-- The change is online: this migration creates the partitioned table beside the live one (as
-- "<table>__next"), with a trigger that copies every write of the live table into it. A table with at
-- most 50,000 rows is then copied and swapped here; a larger one by the worker, in batches of 5,000
-- (history_copy_batch), and swapped in one short transaction at the end (history_swap). Until the swap,
-- the service reads and writes the table it always had.

-- History tables reference each other by id only: a foreign key into a partitioned table would stop its
-- months from being dropped one at a time (a replayed delivery refers to an older month's event).
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_eventId_fkey";
ALTER TABLE "WebhookAttempt" DROP CONSTRAINT "WebhookAttempt_deliveryId_fkey";

-- Where each table's copy stands, and what has been archived and dropped.
CREATE TABLE "HistoryMigration" (
    "table" TEXT NOT NULL,
    "lastId" TEXT NOT NULL DEFAULT '',
    "untilId" TEXT,
    "copiedRows" BIGINT NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "swappedAt" TIMESTAMP(3),
    CONSTRAINT "HistoryMigration_pkey" PRIMARY KEY ("table")
);

CREATE TABLE "HistoryArchive" (
    "table" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "rows" BIGINT NOT NULL,
    "bytes" BIGINT NOT NULL,
    "archivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "HistoryArchive_pkey" PRIMARY KEY ("location")
);
CREATE INDEX "HistoryArchive_table_month_idx" ON "HistoryArchive"("table", "month");

-- The first id of a ULID made at `at`: its time in ten Crockford base-32 characters, then the least
-- random part. Ids are compared as text; their characters sort alike in every collation we run on.
CREATE FUNCTION history_ulid_floor(at TIMESTAMP) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  alphabet CONSTANT TEXT := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  ms BIGINT := floor(extract(epoch FROM at) * 1000)::BIGINT;
  encoded TEXT := '';
BEGIN
  FOR i IN 1..10 LOOP
    encoded := substr(alphabet, (ms % 32)::INT + 1, 1) || encoded;
    ms := ms / 32;
  END LOOP;
  RETURN encoded || '0000000000000000';
END $$;

-- The bound of a month as a literal for FOR VALUES: an id for the tables keyed by id, else a time.
CREATE FUNCTION history_bound(key_kind TEXT, month DATE) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE key_kind
    WHEN 'ulid' THEN quote_literal(history_ulid_floor(month::TIMESTAMP))
    ELSE quote_literal(to_char(month::TIMESTAMP, 'YYYY-MM-DD HH24:MI:SS'))
  END
$$;

-- A table's storage parameters (WebhookDelivery's fillfactor 70) given to another: a partitioned table
-- holds none itself, so each partition takes the default partition's.
CREATE FUNCTION history_copy_storage(source TEXT, target TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  options TEXT;
BEGIN
  SELECT array_to_string(reloptions, ', ') INTO options FROM pg_class WHERE oid = format('%I', source)::regclass;
  IF options IS NOT NULL THEN
    EXECUTE format('ALTER TABLE %I SET (%s)', target, options);
  END IF;
END $$;

-- The month's partition of a partitioned table, made if missing (its rows moved out of the default
-- partition first, in this transaction). True when it was made.
CREATE FUNCTION history_ensure_partition(parent TEXT, key_column TEXT, key_kind TEXT, month DATE)
RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  first_day CONSTANT DATE := date_trunc('month', month)::DATE;
  partition_name CONSTANT TEXT := regexp_replace(parent, '__next$', '') || '_p' || to_char(first_day, 'YYYYMM');
  low CONSTANT TEXT := history_bound(key_kind, first_day);
  high CONSTANT TEXT := history_bound(key_kind, (first_day + INTERVAL '1 month')::DATE);
  default_name CONSTANT TEXT := regexp_replace(parent, '__next$', '') || '_default';
BEGIN
  -- Two workers making the same month: the second waits, then finds it made.
  PERFORM pg_advisory_xact_lock(hashtext('history_ensure_partition'));
  IF to_regclass(format('%I', partition_name)) IS NOT NULL THEN
    RETURN FALSE;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', partition_name, parent);
  PERFORM history_copy_storage(default_name, partition_name);
  EXECUTE format(
    'WITH moved AS (DELETE FROM %I WHERE %I >= %s AND %I < %s RETURNING *) INSERT INTO %I SELECT * FROM moved',
    default_name, key_column, low, key_column, high, partition_name);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)',
    parent, partition_name, low, high);
  RETURN TRUE;
END $$;

-- The live table's writes, repeated into "<table>__next" while it is being copied. An update replaces
-- the copy's row whole, so a row copied before its update is never left behind.
CREATE FUNCTION history_copy_write() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  target CONSTANT TEXT := TG_TABLE_NAME || '__next';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('DELETE FROM %I WHERE id = $1', target) USING OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('INSERT INTO %I SELECT ($1).* ON CONFLICT DO NOTHING', target) USING NEW;
  END IF;
  RETURN NULL;
END $$;

-- Copies the next batch of the live table's rows, in id order, into "<table>__next"; returns how many
-- it read (0: all copied). Only rows up to "untilId", the newest when the trigger was made: every row
-- written since reached the copy through the trigger (a copy that chased new rows would never end). Writers wait for the batch (SHARE lock), so no write interleaves with a
-- batch's read and insert; readers never wait. The months of the batch get their partitions first.
CREATE FUNCTION history_copy_batch(live TEXT, key_column TEXT, key_kind TEXT, batch_size INT)
RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
  next_table CONSTANT TEXT := live || '__next';
  after_id TEXT;
  until_id TEXT;
  swapped_at TIMESTAMP;
  last_id TEXT;
  batch_rows INT;
  month DATE;
BEGIN
  SELECT "lastId", "untilId", "swappedAt" INTO after_id, until_id, swapped_at
    FROM "HistoryMigration" WHERE "table" = live FOR UPDATE;
  IF swapped_at IS NOT NULL OR until_id IS NULL THEN
    RETURN 0;
  END IF;
  EXECUTE format('LOCK TABLE %I IN SHARE MODE', live);
  EXECUTE format(
    'CREATE TEMP TABLE history_batch ON COMMIT DROP AS SELECT * FROM %I WHERE id > $1 AND id <= $2 ORDER BY id LIMIT $3',
    live) USING after_id, until_id, batch_size;
  SELECT count(*), max(id) INTO batch_rows, last_id FROM history_batch;
  IF batch_rows = 0 THEN
    DROP TABLE history_batch;
    RETURN 0;
  END IF;
  FOR month IN EXECUTE format(
    'SELECT DISTINCT date_trunc(''month'', %s)::DATE FROM history_batch',
    CASE key_kind WHEN 'ulid' THEN format('history_ulid_time(%I)', key_column) ELSE quote_ident(key_column) END)
  LOOP
    IF month IS NOT NULL AND month >= DATE '2000-01-01' AND month < DATE '2100-01-01' THEN
      PERFORM history_ensure_partition(next_table, key_column, key_kind, month);
    END IF;
  END LOOP;
  EXECUTE format('INSERT INTO %I SELECT * FROM history_batch ON CONFLICT DO NOTHING', next_table);
  UPDATE "HistoryMigration"
     SET "lastId" = last_id, "copiedRows" = "copiedRows" + batch_rows
   WHERE "table" = live;
  DROP TABLE history_batch;
  RETURN batch_rows;
END $$;

-- The time of a ULID (its first ten characters), or null for an id that is not one.
CREATE FUNCTION history_ulid_time(id TEXT) RETURNS TIMESTAMP LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  alphabet CONSTANT TEXT := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  ms BIGINT := 0;
  digit INT;
BEGIN
  IF id IS NULL OR id !~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$' THEN
    RETURN NULL;
  END IF;
  FOR i IN 1..10 LOOP
    digit := strpos(alphabet, substr(id, i, 1)) - 1;
    ms := ms * 32 + digit;
  END LOOP;
  RETURN to_timestamp(ms / 1000.0) AT TIME ZONE 'UTC';
END $$;

-- The end of the copy: in one transaction that holds the live table, copies what is left, drops the
-- trigger and the old table, and gives the partitioned table the live table's name and index names
-- (each "__next" index carries its final name as its comment).
CREATE FUNCTION history_swap(live TEXT, key_column TEXT, key_kind TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  next_table CONSTANT TEXT := live || '__next';
  index_row RECORD;
BEGIN
  -- Two workers may reach the end together: the second finds the swap made.
  IF (SELECT "swappedAt" FROM "HistoryMigration" WHERE "table" = live FOR UPDATE) IS NOT NULL THEN
    RETURN;
  END IF;
  EXECUTE format('LOCK TABLE %I IN ACCESS EXCLUSIVE MODE', live);
  WHILE history_copy_batch(live, key_column, key_kind, 50000) > 0 LOOP
  END LOOP;
  EXECUTE format('DROP TRIGGER history_copy_write ON %I', live);
  -- The old table's indexes give up their names first.
  FOR index_row IN
    SELECT index_class.relname AS name
      FROM pg_index
      JOIN pg_class index_class ON index_class.oid = pg_index.indexrelid
     WHERE pg_index.indrelid = format('%I', live)::regclass
  LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', index_row.name, 'history_old_' || md5(index_row.name));
  END LOOP;
  -- A column default's sequence (Event.sequence) must outlive the old table.
  IF live = 'Event' THEN
    ALTER SEQUENCE "Event_sequence_seq" OWNED BY NONE;
  END IF;
  EXECUTE format('DROP TABLE %I', live);
  EXECUTE format('ALTER TABLE %I RENAME TO %I', next_table, live);
  FOR index_row IN
    SELECT index_class.relname AS name, obj_description(index_class.oid, 'pg_class') AS final_name
      FROM pg_index
      JOIN pg_class index_class ON index_class.oid = pg_index.indexrelid
     WHERE pg_index.indrelid = format('%I', live)::regclass
  LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', index_row.name, index_row.final_name);
    EXECUTE format('COMMENT ON INDEX %I IS NULL', index_row.final_name);
  END LOOP;
  IF live = 'Event' THEN
    ALTER SEQUENCE "Event_sequence_seq" OWNED BY "Event"."sequence";
  END IF;
  UPDATE "HistoryMigration" SET "swappedAt" = CURRENT_TIMESTAMP WHERE "table" = live;
END $$;

-- "<table>__next", partitioned by key_column, with its default partition, the partitions of the
-- previous, this and the next three months, and the copy trigger on the live table.
CREATE FUNCTION history_prepare(live TEXT, key_column TEXT, key_kind TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  next_table CONSTANT TEXT := live || '__next';
  this_month CONSTANT DATE := date_trunc('month', CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::DATE;
BEGIN
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS) PARTITION BY RANGE (%I)',
    next_table, live, key_column);
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', live || '_default', next_table);
  PERFORM history_copy_storage(live, live || '_default');
  FOR offset_months IN -1..3 LOOP
    PERFORM history_ensure_partition(next_table, key_column, key_kind,
      (this_month + make_interval(months => offset_months))::DATE);
  END LOOP;
  -- The trigger waits for the writes in flight; every later write is repeated into the copy.
  EXECUTE format(
    'CREATE TRIGGER history_copy_write AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION history_copy_write()',
    live);
  EXECUTE format('INSERT INTO "HistoryMigration" ("table", "untilId") SELECT %L, max(id) FROM %I', live, live);
END $$;

-- Copies and swaps now when the table is small (a new or demo database); else leaves it to the worker.
CREATE FUNCTION history_swap_if_small(live TEXT, key_column TEXT, key_kind TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  row_count BIGINT;
BEGIN
  EXECUTE format('SELECT count(*) FROM (SELECT 1 FROM %I LIMIT 50001) AS sample', live) INTO row_count;
  IF row_count <= 50000 THEN
    PERFORM history_swap(live, key_column, key_kind);
  END IF;
END $$;

-- Each table's partitioned twin: its columns (LIKE), keys and indexes under temporary names, each
-- index's final name in its comment, and its foreign keys.
SELECT history_prepare('Event', 'id', 'ulid');
ALTER TABLE "Event__next" ADD CONSTRAINT "Event__next_pkey" PRIMARY KEY ("id");
COMMENT ON INDEX "Event__next_pkey" IS 'Event_pkey';
CREATE INDEX "Event__next_i1" ON "Event__next"("resourceType", "resourceId", "resourceVersion", "type");
COMMENT ON INDEX "Event__next_i1" IS 'Event_resourceType_resourceId_resourceVersion_type_idx';
CREATE INDEX "Event__next_i2" ON "Event__next"("profileId", "occurredAt" DESC, "id" DESC);
COMMENT ON INDEX "Event__next_i2" IS 'Event_profileId_occurredAt_id_idx';
CREATE INDEX "Event__next_i3" ON "Event__next"("organisationId", "sequence");
COMMENT ON INDEX "Event__next_i3" IS 'Event_organisationId_sequence_idx';
CREATE INDEX "Event__next_i4" ON "Event__next"("occurredAt");
COMMENT ON INDEX "Event__next_i4" IS 'Event_occurredAt_idx';
CREATE INDEX "Event__next_i5" ON "Event__next"("sequence");
COMMENT ON INDEX "Event__next_i5" IS 'Event_sequence_idx';
ALTER TABLE "Event__next" ADD CONSTRAINT "Event_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Event__next" ADD CONSTRAINT "Event_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

SELECT history_prepare('WebhookDelivery', 'id', 'ulid');
ALTER TABLE "WebhookDelivery__next" ADD CONSTRAINT "WebhookDelivery__next_pkey" PRIMARY KEY ("id");
COMMENT ON INDEX "WebhookDelivery__next_pkey" IS 'WebhookDelivery_pkey';
CREATE INDEX "WebhookDelivery__next_i1" ON "WebhookDelivery__next"("status", "nextAttemptAt");
COMMENT ON INDEX "WebhookDelivery__next_i1" IS 'WebhookDelivery_status_nextAttemptAt_idx';
CREATE INDEX "WebhookDelivery__next_i2" ON "WebhookDelivery__next"("endpointId", "status", "nextAttemptAt", "id");
COMMENT ON INDEX "WebhookDelivery__next_i2" IS 'WebhookDelivery_endpointId_status_nextAttemptAt_id_idx';
CREATE INDEX "WebhookDelivery__next_i3" ON "WebhookDelivery__next"("eventId");
COMMENT ON INDEX "WebhookDelivery__next_i3" IS 'WebhookDelivery_eventId_idx';
CREATE INDEX "WebhookDelivery__next_i4" ON "WebhookDelivery__next"("organisationId");
COMMENT ON INDEX "WebhookDelivery__next_i4" IS 'WebhookDelivery_organisationId_idx';
ALTER TABLE "WebhookDelivery__next" ADD CONSTRAINT "WebhookDelivery_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery__next" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

SELECT history_prepare('WebhookAttempt', 'id', 'ulid');
ALTER TABLE "WebhookAttempt__next" ADD CONSTRAINT "WebhookAttempt__next_pkey" PRIMARY KEY ("id");
COMMENT ON INDEX "WebhookAttempt__next_pkey" IS 'WebhookAttempt_pkey';
CREATE INDEX "WebhookAttempt__next_i1" ON "WebhookAttempt__next"("endpointId", "attemptedAt" DESC, "id" DESC);
COMMENT ON INDEX "WebhookAttempt__next_i1" IS 'WebhookAttempt_endpointId_attemptedAt_id_idx';
CREATE INDEX "WebhookAttempt__next_i2" ON "WebhookAttempt__next"("deliveryId");
COMMENT ON INDEX "WebhookAttempt__next_i2" IS 'WebhookAttempt_deliveryId_idx';
CREATE INDEX "WebhookAttempt__next_i3" ON "WebhookAttempt__next"("organisationId");
COMMENT ON INDEX "WebhookAttempt__next_i3" IS 'WebhookAttempt_organisationId_idx';
ALTER TABLE "WebhookAttempt__next" ADD CONSTRAINT "WebhookAttempt_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookAttempt__next" ADD CONSTRAINT "WebhookAttempt_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

SELECT history_prepare('MovementRequestStatusChange', 'id', 'ulid');
ALTER TABLE "MovementRequestStatusChange__next" ADD CONSTRAINT "MovementRequestStatusChange__next_pkey" PRIMARY KEY ("id");
COMMENT ON INDEX "MovementRequestStatusChange__next_pkey" IS 'MovementRequestStatusChange_pkey';
CREATE INDEX "MovementRequestStatusChange__next_i1" ON "MovementRequestStatusChange__next"("movementRequestId", "occurredAt");
COMMENT ON INDEX "MovementRequestStatusChange__next_i1" IS 'MovementRequestStatusChange_movementRequestId_occurredAt_idx';
CREATE INDEX "MovementRequestStatusChange__next_i2" ON "MovementRequestStatusChange__next"("organisationId");
COMMENT ON INDEX "MovementRequestStatusChange__next_i2" IS 'MovementRequestStatusChange_organisationId_idx';
ALTER TABLE "MovementRequestStatusChange__next" ADD CONSTRAINT "MovementRequestStatusChange_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MovementRequestStatusChange__next" ADD CONSTRAINT "MovementRequestStatusChange_movementRequestId_fkey" FOREIGN KEY ("movementRequestId") REFERENCES "MovementRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

SELECT history_prepare('VehiclePosition', 'recordedAt', 'timestamp');
ALTER TABLE "VehiclePosition__next" ADD CONSTRAINT "VehiclePosition__next_pkey" PRIMARY KEY ("id", "recordedAt");
COMMENT ON INDEX "VehiclePosition__next_pkey" IS 'VehiclePosition_pkey';
CREATE UNIQUE INDEX "VehiclePosition__next_i1" ON "VehiclePosition__next"("movementId", "recordedAt");
COMMENT ON INDEX "VehiclePosition__next_i1" IS 'VehiclePosition_movementId_recordedAt_key';
CREATE INDEX "VehiclePosition__next_i2" ON "VehiclePosition__next"("movementRequestId", "recordedAt" DESC);
COMMENT ON INDEX "VehiclePosition__next_i2" IS 'VehiclePosition_movementRequestId_recordedAt_idx';
ALTER TABLE "VehiclePosition__next" ADD CONSTRAINT "VehiclePosition_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

SELECT history_swap_if_small('Event', 'id', 'ulid');
SELECT history_swap_if_small('WebhookDelivery', 'id', 'ulid');
SELECT history_swap_if_small('WebhookAttempt', 'id', 'ulid');
SELECT history_swap_if_small('MovementRequestStatusChange', 'id', 'ulid');
SELECT history_swap_if_small('VehiclePosition', 'recordedAt', 'timestamp');
