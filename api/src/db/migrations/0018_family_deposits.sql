ALTER TABLE "orders" DROP CONSTRAINT "orders_deposit_address_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_deposit_address_deposit_addresses_address_fk";
--> statement-breakpoint
DROP INDEX "payments_chain_tx_log_uq";--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD COLUMN "family" text DEFAULT 'evm' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_memo" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_network_tx_position_uq" ON "payments" USING btree ("network","tx_hash","log_index");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_uq" UNIQUE NULLS NOT DISTINCT("deposit_address","deposit_memo");