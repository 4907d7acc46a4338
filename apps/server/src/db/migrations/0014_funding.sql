CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"asset" text NOT NULL,
	"token_amount" numeric(38, 8) NOT NULL,
	"token_rate" numeric(38, 8) NOT NULL,
	"amount_usd" numeric(38, 8) NOT NULL,
	"fee_usd" numeric(38, 8) NOT NULL,
	"remittance_address_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"received_usd" numeric(38, 8),
	"issued_amount" numeric(38, 8),
	"entry_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "purchases_entry_id_unique" UNIQUE("entry_id"),
	CONSTRAINT "purchases_amounts_positive" CHECK ("purchases"."token_amount" > 0 and "purchases"."token_rate" > 0 and "purchases"."amount_usd" > 0),
	CONSTRAINT "purchases_fee_not_negative" CHECK ("purchases"."fee_usd" >= 0),
	CONSTRAINT "purchases_completed_issued" CHECK (("purchases"."status" = 'completed') = ("purchases"."entry_id" is not null and "purchases"."received_usd" is not null and "purchases"."issued_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "remittance_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"street_address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"signature_path" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_kind_known";--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_remittance_address_id_remittance_addresses_id_fk" FOREIGN KEY ("remittance_address_id") REFERENCES "public"."remittance_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittance_addresses" ADD CONSTRAINT "remittance_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "purchases_due_idx" ON "purchases" USING btree ("due_at") WHERE "purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "remittance_addresses_user_idx" ON "remittance_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remittance_addresses_one_primary" ON "remittance_addresses" USING btree ("user_id") WHERE "remittance_addresses"."is_primary" and "remittance_addresses"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_kind_known" CHECK ("admin_actions"."kind" in ('ledger.credit', 'ledger.reverse', 'request.approve', 'wire.receive'));