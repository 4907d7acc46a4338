CREATE TABLE "lot_takes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lot_takes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	CONSTRAINT "lot_takes_amount_positive" CHECK ("lot_takes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "lot_takes" ADD CONSTRAINT "lot_takes_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_takes" ADD CONSTRAINT "lot_takes_lot_id_asset_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."asset_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_takes_entry_idx" ON "lot_takes" USING btree ("entry_id");--> statement-breakpoint
ALTER TABLE "crypto_coins" ADD CONSTRAINT "crypto_coins_decimals_range" CHECK ("crypto_coins"."decimals" between 0 and 8);--> statement-breakpoint
ALTER TABLE "crypto_coins" ADD CONSTRAINT "crypto_coins_price_positive" CHECK ("crypto_coins"."price" > 0);--> statement-breakpoint
ALTER TABLE "native_tokens" ADD CONSTRAINT "native_tokens_decimals_range" CHECK ("native_tokens"."decimals" between 0 and 8);--> statement-breakpoint
ALTER TABLE "native_tokens" ADD CONSTRAINT "native_tokens_price_positive" CHECK ("native_tokens"."price" > 0 and "native_tokens"."multiplier" > 0);