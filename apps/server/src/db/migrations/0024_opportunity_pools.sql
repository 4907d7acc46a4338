CREATE TABLE "opportunity_pools" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"total_supply" numeric(38, 8) NOT NULL,
	"price_per_share" numeric(38, 8) NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"royalties" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_pools_supply_range" CHECK ("opportunity_pools"."total_supply" between 1000000 and 1000000000 and "opportunity_pools"."total_supply" = trunc("opportunity_pools"."total_supply")),
	CONSTRAINT "opportunity_pools_price_positive" CHECK ("opportunity_pools"."price_per_share" > 0)
);
--> statement-breakpoint
CREATE TABLE "opportunity_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"price_per_share" numeric(38, 8) NOT NULL,
	"price" numeric(38, 8) NOT NULL,
	"payment_method" text NOT NULL,
	"hold_id" uuid NOT NULL,
	"reserve_entry_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"resolve_entry_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_requests_amount_positive" CHECK ("opportunity_requests"."amount" > 0 and "opportunity_requests"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "opportunity_pools" ADD CONSTRAINT "opportunity_pools_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_requests" ADD CONSTRAINT "opportunity_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_requests" ADD CONSTRAINT "opportunity_requests_pool_id_opportunity_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."opportunity_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_requests" ADD CONSTRAINT "opportunity_requests_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_requests" ADD CONSTRAINT "opportunity_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_pools_asset_key" ON "opportunity_pools" USING btree ("asset");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_requests_hold_key" ON "opportunity_requests" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "opportunity_requests_user_idx" ON "opportunity_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "opportunity_requests_status_idx" ON "opportunity_requests" USING btree ("status","created_at");