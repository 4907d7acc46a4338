CREATE TABLE "asset_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"coin_symbol" text NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid,
	CONSTRAINT "asset_prices_positive" CHECK ("asset_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_coins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"coin_symbol" text NOT NULL,
	"name" text NOT NULL,
	"icon_url" text NOT NULL,
	"coin_color" text NOT NULL,
	"decimals" integer NOT NULL,
	"order_index" integer NOT NULL,
	"is_erc20" boolean DEFAULT false NOT NULL,
	"is_bep20" boolean DEFAULT false NOT NULL,
	"deposit_address" text NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"total_volume" numeric(38, 2) DEFAULT '0' NOT NULL,
	"market_cap" numeric(38, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_coins_coin_symbol_unique" UNIQUE("coin_symbol")
);
--> statement-breakpoint
CREATE TABLE "member_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"to_user_id" uuid,
	"memo" text,
	"hold_id" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_requests_hold_id_unique" UNIQUE("hold_id")
);
--> statement-breakpoint
ALTER TABLE "native_tokens" ADD COLUMN "blockchain" text DEFAULT 'Vault' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_activated_with" text;--> statement-breakpoint
ALTER TABLE "asset_prices" ADD CONSTRAINT "asset_prices_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_prices_symbol_time_idx" ON "asset_prices" USING btree ("coin_symbol","recorded_at");--> statement-breakpoint
CREATE INDEX "member_requests_status_idx" ON "member_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "member_requests_user_idx" ON "member_requests" USING btree ("user_id");