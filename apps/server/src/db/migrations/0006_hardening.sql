CREATE TABLE "failed_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reset_codes" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "referenced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "failed_sends" ADD CONSTRAINT "failed_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "failed_sends_user_idx" ON "failed_sends" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_unreferenced_idx" ON "uploads" USING btree ("created_at") WHERE referenced_at is null;--> statement-breakpoint
-- Uploads made before this migration may be in use anywhere (pictures, applications): the clean-up of
-- never-referenced uploads must not take them.
UPDATE "uploads" SET "referenced_at" = "created_at";
