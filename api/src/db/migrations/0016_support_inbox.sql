-- The support inbox (conversations and their messages); support answers in the outbox beside status
-- changes; refunds by an admin in the ledger; a failed order is re-sent once.
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_id" bigint NOT NULL,
	"author" text NOT NULL,
	"admin_id" bigint,
	"body" text NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author_known" CHECK ("support_messages"."author" in ('customer', 'admin') and ("support_messages"."author" = 'admin') = ("support_messages"."admin_id" is not null)),
	CONSTRAINT "support_messages_body_bounded" CHECK (char_length("support_messages"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" bigint,
	"contact_email" text,
	"channel" text NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_read_through" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_threads_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_reason_known";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "support_message_id" bigint;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_thread_id_support_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."support_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_thread_idx" ON "support_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "support_threads_customer_idx" ON "support_threads" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "support_threads_last_idx" ON "support_threads" USING btree ("last_message_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_support_message_id_support_messages_id_fk" FOREIGN KEY ("support_message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_support_uq" ON "notifications" USING btree ("support_message_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_retry_of_uq" ON "orders" USING btree ("retry_of");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_reason_known" CHECK ("ledger_entries"."reason" in ('overpayment', 'late_payment', 'underpayment', 'wrong_coin', 'failed_delivery', 'balance_topup', 'purchase', 'claim_in', 'claim_out', 'admin_adjustment', 'manual_retry', 'admin_refund'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_subject" CHECK (("notifications"."order_id" is not null and "notifications"."status" is not null and "notifications"."support_message_id" is null) or ("notifications"."order_id" is null and "notifications"."status" is null and "notifications"."support_message_id" is not null));--> statement-breakpoint
-- Orders an admin marked paid (no money of the customer's reached them): named in the event's detail,
-- so revenue leaves them out. Earlier ones are known by the cause the manual top-up wrote.
UPDATE "order_events" SET "detail" = jsonb_build_object('paidByAdmin', true) WHERE "to_status" = 'paid' AND "from_status" IS NOT NULL AND "cause" LIKE 'manual top-up by an admin:%';