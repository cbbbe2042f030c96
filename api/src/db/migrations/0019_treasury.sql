CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint,
	"order_id" bigint,
	"amount_cents" integer NOT NULL,
	"network" text NOT NULL,
	"coin" text NOT NULL,
	"to_address" text NOT NULL,
	"crypto_amount" numeric(78, 0),
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"note" text,
	"tx_hash" text,
	"fee" numeric(78, 0),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_owner" CHECK (("payouts"."customer_id" is not null) or ("payouts"."order_id" is not null)),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_balance_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sweep_leftovers" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sweep_leftovers_network_address_coin_pk" PRIMARY KEY("network","address","coin")
);
--> statement-breakpoint
CREATE TABLE "treasury_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"chain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"nonce" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"fee" numeric(78, 0),
	"payout_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_reason_known";--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payouts_order_idx" ON "payouts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_transfers_tx_uq" ON "treasury_transfers" USING btree ("chain_id","tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_transfers_payout_uq" ON "treasury_transfers" USING btree ("payout_id") WHERE "treasury_transfers"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "treasury_transfers_from_idx" ON "treasury_transfers" USING btree ("network","from_address");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_reason_known" CHECK ("ledger_entries"."reason" in ('overpayment', 'late_payment', 'underpayment', 'wrong_coin', 'failed_delivery', 'balance_topup', 'purchase', 'claim_in', 'claim_out', 'admin_adjustment', 'manual_retry', 'admin_refund', 'payout'));