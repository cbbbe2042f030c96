CREATE TABLE "admin_login_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_columns";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_columns" CHECK (("orders"."payment_method" <> 'crypto') = ("orders"."coin" is null and "orders"."deposit_address" is null and "orders"."crypto_amount" is null and "orders"."watch_until" is null));