CREATE TABLE "subscription_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_method" text DEFAULT 'nativeToken' NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"period" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payments_entry_id_unique" UNIQUE("entry_id"),
	CONSTRAINT "subscription_payments_amount_positive" CHECK ("subscription_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"logo" text NOT NULL,
	"price_usd" numeric(38, 8) NOT NULL,
	"duration" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_price_positive" CHECK ("subscription_plans"."price_usd" > 0 and "subscription_plans"."price_usd" = round("subscription_plans"."price_usd", 2))
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"is_renewable" boolean NOT NULL,
	"price_usd" numeric(38, 8) NOT NULL,
	"subscription_on" timestamp with time zone NOT NULL,
	"renew_on" timestamp with time zone,
	"periods_paid" integer DEFAULT 1 NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"renewal_failed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subscriptions_price_positive" CHECK ("user_subscriptions"."price_usd" > 0),
	CONSTRAINT "user_subscriptions_periods" CHECK ("user_subscriptions"."periods_paid" >= 1),
	CONSTRAINT "user_subscriptions_ended" CHECK (("user_subscriptions"."ended_at" is null) = ("user_subscriptions"."end_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_payments_user_idx" ON "subscription_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_period_key" ON "subscription_payments" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_idx" ON "user_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_subscriptions_plan_idx" ON "user_subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_due_idx" ON "user_subscriptions" USING btree ("renew_on") WHERE "user_subscriptions"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_current" ON "user_subscriptions" USING btree ("user_id","plan_id") WHERE "user_subscriptions"."ended_at" is null;