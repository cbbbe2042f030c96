CREATE TABLE "admin_login_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_code_sends" (
	"mailbox" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sent" integer NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "admin_login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "bot_sessions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_images" ADD COLUMN "public_id" text;--> statement-breakpoint
-- Pictures saved before get a random address too; the old one (by customer id) stops answering.
UPDATE "customer_images" SET "public_id" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
UPDATE "customers" SET "profile_image_url" = '/api/user/profile-picture/' || i."public_id" FROM "customer_images" i WHERE i."customer_id" = "customers"."id";--> statement-breakpoint
ALTER TABLE "customer_images" ALTER COLUMN "public_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_images" ADD CONSTRAINT "customer_images_public_id_unique" UNIQUE("public_id");