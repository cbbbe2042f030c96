ALTER TABLE "orders" ALTER COLUMN "coin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "network" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "chain_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "crypto_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "price_usd_e8" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "deposit_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "watch_until" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'crypto' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_columns" CHECK (("orders"."payment_method" = 'balance') = ("orders"."coin" is null and "orders"."deposit_address" is null and "orders"."crypto_amount" is null and "orders"."watch_until" is null));