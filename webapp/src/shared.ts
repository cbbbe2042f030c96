/**
 * The zod-free half of @topup/shared (formats, money, constants, e-mail, statuses and their display, the API client's
 * core), imported file by file. The package's entry also evaluates every zod schema, which with zod itself weighs about
 * 26 KB gzip: the web app loads those in a chunk of their own (api/schemas.ts), fetched beside the
 * first API call, so the first screen's script does not carry them. Types come from the package.
 * The built-in coin registry is not here: clients show the coins the server offers (GET /api/payment-options,
 * GET /api/coins), so no first load carries it.
 */
export * from '../../shared/src/constants';
export * from '../../shared/src/email';
export * from '../../shared/src/format';
export * from '../../shared/src/money';
export * from '../../shared/src/order-status';
export * from '../../shared/src/order-display';
export * from '../../shared/src/custom-amount';
export * from '../../shared/src/support';
export * from '../../shared/src/client/errors';
export * from '../../shared/src/client/answer';
export * from '../../shared/src/client/request';
export * from '../../shared/src/i18n';
