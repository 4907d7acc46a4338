CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"target_id" text NOT NULL,
	"value_usd" numeric(38, 2) NOT NULL,
	"threshold_usd" numeric(38, 2),
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"result" jsonb,
	CONSTRAINT "admin_actions_kind_known" CHECK ("admin_actions"."kind" in ('ledger.credit', 'ledger.reverse', 'request.approve')),
	CONSTRAINT "admin_actions_status_known" CHECK ("admin_actions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "admin_actions_reason_given" CHECK (char_length("admin_actions"."reason") between 3 and 500),
	CONSTRAINT "admin_actions_checker_not_maker" CHECK ("admin_actions"."decided_by" is null or "admin_actions"."decided_by" <> "admin_actions"."requested_by"),
	CONSTRAINT "admin_actions_pending_undecided" CHECK (("admin_actions"."status" = 'pending') = ("admin_actions"."decided_by" is null) and ("admin_actions"."decided_by" is null) = ("admin_actions"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_status_idx" ON "admin_actions" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_actions_one_waiting" ON "admin_actions" USING btree ("kind","target_id") WHERE "admin_actions"."status" = 'pending' and "admin_actions"."kind" <> 'ledger.credit';