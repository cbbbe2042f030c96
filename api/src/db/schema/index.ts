/**
 * Every table, one file per domain. drizzle-kit reads this file (drizzle.config.ts) and the client
 * (db/client.ts) takes its exports as the schema, so a new domain file is added here.
 */
export * from './customers';
export * from './orders';
export * from './payments';
export * from './ledger';
export * from './notifications';
export * from './support';
export * from './admins';
export * from './system';
export * from './treasury';
