ALTER TABLE "member_requests" ADD COLUMN "to_asset" text;--> statement-breakpoint
ALTER TABLE "member_requests" ADD COLUMN "to_amount" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "member_requests" ADD COLUMN "fee" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "member_requests" ADD COLUMN "rate" numeric(38, 8);--> statement-breakpoint
ALTER TABLE "member_requests" ADD CONSTRAINT "member_requests_swap_fields" CHECK ("member_requests"."kind" <> 'swap' or ("member_requests"."to_asset" is not null and "member_requests"."to_amount" > 0 and "member_requests"."fee" >= 0 and "member_requests"."rate" > 0));