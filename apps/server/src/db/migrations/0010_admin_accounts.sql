CREATE TABLE "admin_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "admin_recovery_codes_code_key" UNIQUE("admin_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "administrators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"enrolment_token_hash" text,
	"enrolment_expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "administrators_role_known" CHECK ("administrators"."role" in ('support', 'operator', 'owner')),
	CONSTRAINT "administrators_enrolled_has_secret" CHECK ("administrators"."totp_enrolled_at" is null or "administrators"."totp_secret" is not null),
	CONSTRAINT "administrators_token_expires" CHECK (("administrators"."enrolment_token_hash" is null) = ("administrators"."enrolment_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_administrators_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."administrators"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "administrators_enrolment_token_key" ON "administrators" USING btree ("enrolment_token_hash");--> statement-breakpoint
-- Hand-written (drizzle-kit writes no data changes). Administrators from before this migration keep their
-- power (every administrator could do everything: owner) but must enrol before they sign in again, through
-- a link from `npm run admin -- link --email …` (demo seed: enrolled again at start). Their member-kind
-- sessions end now: the member app and the member routes no longer accept administrators.
INSERT INTO "administrators" ("user_id", "role")
  SELECT "id", 'owner' FROM "users" WHERE "role" = 'admin' AND "deleted_at" IS NULL;--> statement-breakpoint
UPDATE "sessions" SET "revoked_at" = now()
  WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "role" = 'admin');
