-- Idempotency-Keys in their caller's scope, kept as sha256 hashes. A key already used keeps replaying
-- its order for the customer who made it (anonymous orders: the anonymous scope).
ALTER TABLE "idempotency_keys" ADD COLUMN "scope" text DEFAULT 'anonymous' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "key_hash" text;--> statement-breakpoint
UPDATE "idempotency_keys" k SET "scope" = 'customer:' || o."customer_id" FROM "orders" o WHERE o."id" = k."order_id" AND o."customer_id" IS NOT NULL;--> statement-breakpoint
UPDATE "idempotency_keys" SET "key_hash" = encode(sha256(convert_to("key", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "key";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "key_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "scope" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_scope_key_hash_pk" PRIMARY KEY("scope","key_hash");--> statement-breakpoint
-- Statuses and ledger reasons: text columns that hold only the values the code knows.
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_reason_known" CHECK ("ledger_entries"."reason" in ('overpayment', 'late_payment', 'underpayment', 'wrong_coin', 'failed_delivery', 'balance_topup', 'purchase', 'claim_in', 'claim_out', 'admin_adjustment', 'manual_retry'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_statuses_known" CHECK ("order_events"."to_status" in ('pending_crypto_payment', 'confirming', 'paid', 'processing', 'completed', 'failed', 'payment_expired', 'cancelled') and ("order_events"."from_status" is null or "order_events"."from_status" in ('pending_crypto_payment', 'confirming', 'paid', 'processing', 'completed', 'failed', 'payment_expired', 'cancelled')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('pending_crypto_payment', 'confirming', 'paid', 'processing', 'completed', 'failed', 'payment_expired', 'cancelled'));
