CREATE TABLE "redeem_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"account_title" text NOT NULL,
	"address" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"account_number" text NOT NULL,
	"aba" text DEFAULT '' NOT NULL,
	"swift_bic" text DEFAULT '' NOT NULL,
	"routing_code" text DEFAULT '' NOT NULL,
	"bank_name" text NOT NULL,
	"bank_address" text NOT NULL,
	"zelle_pay" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "redeem_addresses" ADD CONSTRAINT "redeem_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeem_addresses_user_idx" ON "redeem_addresses" USING btree ("user_id","created_at");