CREATE TABLE "recipient_labels" (
	"customer_id" bigint NOT NULL,
	"phone_number" text NOT NULL,
	"name" text,
	"hidden_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_labels_customer_id_phone_number_pk" PRIMARY KEY("customer_id","phone_number")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "recipient_labels" ADD CONSTRAINT "recipient_labels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;