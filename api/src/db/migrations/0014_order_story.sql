ALTER TABLE "orders" ADD COLUMN "telegram_user_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "retry_of" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_retry_of_orders_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_telegram_user_idx" ON "orders" USING btree ("telegram_user_id");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
-- Orders made in the mini-app or the bot name their Telegram user from now on; earlier ones learn it from their customer.
UPDATE "orders" o SET "telegram_user_id" = c."telegram_user_id" FROM "customers" c WHERE o."customer_id" = c."id" AND o."source" IN ('telegram', 'bot') AND c."telegram_user_id" IS NOT NULL;
