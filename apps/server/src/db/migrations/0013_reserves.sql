CREATE TABLE "reserve_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"as_of" date NOT NULL,
	"note" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reserve_records_amount_not_negative" CHECK ("reserve_records"."amount" >= 0),
	CONSTRAINT "reserve_records_note_length" CHECK (char_length("reserve_records"."note") between 3 and 500)
);
--> statement-breakpoint
ALTER TABLE "reserve_records" ADD CONSTRAINT "reserve_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reserve_records_asset_time_idx" ON "reserve_records" USING btree ("asset","recorded_at","id");