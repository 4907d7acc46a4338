CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_scope_idx" ON "events" USING btree ("scope","id");--> statement-breakpoint
-- Wakes the processes that deliver events: NOTIFY is transactional (sent at COMMIT, never for a rollback),
-- one per scope per statement (PostgreSQL folds repeats within a transaction). The payload is the scope.
CREATE FUNCTION "events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vault_events', s.scope) FROM (SELECT DISTINCT scope FROM inserted) s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_notify" AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "events_notify"();
