/**
 * The zod-free half of @topup/shared (formats, money, constants, e-mail, coins, statuses), imported file by
 * file. The package's entry also evaluates every zod schema, which with zod itself weighs about
 * 26 KB gzip: the web app loads those in a chunk of their own (api/schemas.ts), fetched beside the
 * first API call, so the first screen's script does not carry them. Types come from the package.
 */
export * from '../../shared/src/coins';
export * from '../../shared/src/constants';
export * from '../../shared/src/email';
export * from '../../shared/src/format';
export * from '../../shared/src/money';
export * from '../../shared/src/order-status';
