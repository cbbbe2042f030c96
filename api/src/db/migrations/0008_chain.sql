-- Orders that existed before the balance checks need none: their addresses were watched the old way.
ALTER TABLE "orders" ADD COLUMN "balance_checks" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "balance_checks" SET DEFAULT 0;
