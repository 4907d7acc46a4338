-- Ledger v2 (issue 10): system idempotency keys, open system account kinds, entries in several assets.
-- Nothing here adds work to a send's statement (benchmarked: a CHECK on ledger_accounts is evaluated on
-- every balance update, a second unique index is checked on every key claim).
--
-- The platform's own idempotency keys (a provider's event id, a job's period), beside members' keys in a
-- table of their own.
CREATE TABLE "system_idempotency_keys" (
	"source" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_idempotency_keys_source_key_pk" PRIMARY KEY("source","key")
);
--> statement-breakpoint
-- System account kinds are open (treasury, holds, fees, revenue, escrow, clearing:<provider>, ...): a naming
-- rule instead of a list, checked when an account is created (or its kind changed), not on balance updates.
CREATE FUNCTION ledger_account_kind_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind !~ '^[a-z][a-zA-Z0-9]*(:[a-z0-9][a-z0-9._-]*)?$' THEN
    RAISE EXCEPTION 'ledger account kind "%" does not follow the naming rule', NEW.kind USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_kind_named BEFORE INSERT OR UPDATE OF kind ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_kind_named();
--> statement-breakpoint
-- The balance check (0003) already works per (entry, asset) on each statement's rows; since an entry may now
-- hold several assets, a refusal names the entry and the asset (looked up only when refusing).
CREATE OR REPLACE FUNCTION ledger_postings_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  IF EXISTS (SELECT 1 FROM new_postings GROUP BY entry_id, asset HAVING sum(amount) <> 0) THEN
    SELECT entry_id, asset INTO bad FROM new_postings GROUP BY entry_id, asset HAVING sum(amount) <> 0 LIMIT 1;
    RAISE EXCEPTION 'journal entry % does not balance in %', bad.entry_id, bad.asset USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
