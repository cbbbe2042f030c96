import { sql, type SQL } from 'drizzle-orm';
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** A CHECK that a text column holds one of `values` (the database refuses anything else). */
export const oneOf = (column: SQL, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Crypto amounts in base units: up to 78 digits holds any uint256. */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });
