-- Polygon's coin was renamed from MATIC to POL (shared/src/coins.ts): orders and payments name it as
-- it is now, so that a payment recorded after the rename matches an order made before it.
UPDATE "orders" SET "coin" = 'POL' WHERE "coin" = 'MATIC';--> statement-breakpoint
UPDATE "payments" SET "coin" = 'POL' WHERE "coin" = 'MATIC';
