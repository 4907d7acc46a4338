CREATE TABLE "provider_customers" (
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text,
	"mandate_id" text,
	"pending_flow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"verified" boolean NOT NULL,
	"refused_reason" text,
	"purchase_id" uuid,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "charged_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "reversed_amount" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "debt_amount" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "provider_customers" ADD CONSTRAINT "provider_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_event_key" ON "provider_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_provider_ref_key" ON "purchases" USING btree ("method","provider_ref");