CREATE TABLE "marketplace_ads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT 'sell' NOT NULL,
	"coin_type" text NOT NULL,
	"asset" text NOT NULL,
	"total_shares" numeric(38, 8) NOT NULL,
	"remaining_shares" numeric(38, 8) NOT NULL,
	"sold_shares" numeric(38, 8) DEFAULT '0' NOT NULL,
	"price_per_share" numeric(38, 8) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"post_entry_id" uuid NOT NULL,
	"close_entry_id" uuid,
	"hidden_reason" text,
	"hidden_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_ads_shares" CHECK ("marketplace_ads"."total_shares" > 0 and "marketplace_ads"."remaining_shares" >= 0 and "marketplace_ads"."sold_shares" >= 0
          and "marketplace_ads"."remaining_shares" + "marketplace_ads"."sold_shares" = "marketplace_ads"."total_shares"),
	CONSTRAINT "marketplace_ads_price_positive" CHECK ("marketplace_ads"."price_per_share" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_trades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"num_shares" numeric(38, 8) NOT NULL,
	"price_per_share" numeric(38, 8) NOT NULL,
	"total" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) DEFAULT '0' NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_trades_amounts" CHECK ("marketplace_trades"."num_shares" > 0 and "marketplace_trades"."total" > 0 and "marketplace_trades"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "marketplace_ads" ADD CONSTRAINT "marketplace_ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_ads" ADD CONSTRAINT "marketplace_ads_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_trades" ADD CONSTRAINT "marketplace_trades_ad_id_marketplace_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."marketplace_ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_trades" ADD CONSTRAINT "marketplace_trades_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_trades" ADD CONSTRAINT "marketplace_trades_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_ads_listing_idx" ON "marketplace_ads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_ads_user_idx" ON "marketplace_ads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_ads_asset_idx" ON "marketplace_ads" USING btree ("asset","status");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_trades_entry_key" ON "marketplace_trades" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "marketplace_trades_ad_idx" ON "marketplace_trades" USING btree ("ad_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_trades_buyer_idx" ON "marketplace_trades" USING btree ("buyer_id","created_at");