ALTER TABLE "events" DROP CONSTRAINT "events_deployment_id_deployments_id_fk";
--> statement-breakpoint
-- Most answers' data (the trace) is over PostgreSQL's inline limit, so it is compressed as it is
-- stored: lz4, where the server is built with it, costs a fraction of the default pglz (which had
-- taken a tenth of storing an event) and compresses about as well. The embedded engine has only pglz.
DO $$ BEGIN
  IF 'lz4' = ANY (SELECT unnest(enumvals) FROM pg_settings WHERE name = 'default_toast_compression') THEN
    ALTER TABLE "events" ALTER COLUMN "data" SET COMPRESSION lz4;
  END IF;
END $$;
