/**
 * Languages for every surface: choosing one (./locale.ts), formatting per language (./format.ts),
 * API errors in words (./api-errors.ts), and the catalogs' types. Zod-free. The catalogs themselves:
 * `catalogFor(locale)` (./catalogs.ts, every language: the server and the bot) or
 * `loadWebCatalog(locale)` (./load.ts, one language on demand: the site and the mini-app).
 */
export * from './locale';
export * from './format';
export * from './api-errors';
export * from './html';
export * from './load';
export type * from './catalog';
