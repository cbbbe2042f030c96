import type { RequestListener } from 'node:http';
import path from 'node:path';
import express from 'express';
import type { Logger } from 'pino';
import type { Config } from './config';
import { errorHandler, notFoundApi } from './http/errors';
import { AppError } from './services/errors';
import { flagSvgPath } from './airtime/sandbox';
import { identifyCustomer, SESSION_COOKIE } from './http/identity';
import { refuseCrossOriginCookieWrites } from './http/middleware';
import { webappRouter } from './http/webapp';
import { adminConsoleRouter } from './http/admin-console';
import cookieParser from 'cookie-parser';
import { adminRouter } from './routes/admin/admin.router';
import { authRouter, PROFILE_PICTURE_PATH } from './routes/auth/auth.router';
import { balanceRouter } from './routes/balance/balance.router';
import { recipientsRouter } from './routes/recipients/recipients.router';
import { botRouter } from './routes/bot/bot.router';
import { catalogReads, catalogRouter } from './routes/catalog/catalog.router';
import { answerFailedHotRead, withHotReads } from './http/hot-reads';
import { ordersRouter } from './routes/orders/orders.router';
import { coinsRouter } from './routes/coins/coins.router';
import { tonConnectRouter } from './routes/tonconnect/tonconnect.router';
import { pricingRouter } from './routes/pricing/pricing.router';
import { sandboxRouter } from './routes/sandbox/sandbox.router';
import { supportRouter } from './routes/support/support.router';
import type { Services } from './services';
import type { OrderFeed } from './services/order-feed';
import { requestLogging } from './http/access-log';
import { apiHeaders, pageHeaders } from './http/security-headers';
import { metricsRouter } from './http/metrics';
import { readinessRouter } from './http/readiness';

type AppDeps = { config: Config; services: Services; feed: OrderFeed; log: Logger; closing?: AbortSignal };

/** What the HTTP server runs: the catalog's reads in front (http/hot-reads.ts), then the app. */
export function createRequestListener(deps: AppDeps): RequestListener {
  const { services, log } = deps;
  return withHotReads(createApp(deps), '/api', catalogReads(services.catalog, services.settings), { log, metrics: services.metrics });
}

/**
 * The HTTP application: routes are thin, the services own the rules. Middleware order: the request id
 * and access log first (every later line of the request carries the id), the errors of the catalog's
 * reads answered in front of the app (http/hot-reads.ts), then the probes and metrics
 * (cheap, no body parsing, no session look-up), the API with its own security headers, the pages with
 * theirs, and the error handler last.
 */
export function createApp(deps: AppDeps): express.Express {
  const { config, services, feed, log } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', config.trustProxy);
  app.use(requestLogging(log, services.metrics));
  app.use(answerFailedHotRead);
  app.use(metricsRouter(services.metrics, { token: config.metricsToken, production: config.production }));
  const api = express.Router();
  api.use(apiHeaders);
  const json = express.json({ limit: '100kb' });
  // The profile picture route parses its own, larger body.
  api.use((req, res, next) => (req.path === PROFILE_PICTURE_PATH ? next() : json(req, res, next)));
  // Liveness: the process answers. It never looks at a dependency (that is readiness: GET /api/ready).
  api.get('/health', (_req, res) => {
    res.json({ ok: true, provider: services.catalog.providerName });
  });
  api.use(readinessRouter(services.readiness));
  // The phone checks and prices need no identity: served before the cookie and session look-ups.
  api.use(
    catalogRouter(services.catalog, services.settings, {
      phoneCheckRateLimitPerMinute: config.phoneCheckRateLimitPerMinute,
      botApiSecret: config.botApiSecret,
      rateLimitStore: services.rateLimitStore('phone-check'),
    }),
  );
  api.use(coinsRouter(services.chains, services.networkFees));
  api.use(tonConnectRouter({ publicUrl: config.publicUrl, name: 'Crypto Top-ups' }));
  api.use(
    pricingRouter(services.pricing, services.settings, services.catalog, {
      // The bot's id is the public part of its token (it is also the bot's Telegram user id).
      telegramBotId: config.telegramBotToken ? Number(config.telegramBotToken.split(':')[0]) : null,
      miniAppLink: config.miniAppLink,
      telegramNetworks: config.telegramNetworks,
      emailDelivery: config.mail.smtpUrl ? 'smtp' : 'local-outbox',
      support: config.support,
    }),
  );
  api.use(cookieParser());
  api.use(refuseCrossOriginCookieWrites(SESSION_COOKIE));
  api.use(identifyCustomer(services.customers, services.customerAuth, config));
  // Rate limits count in memory, or across every replica in Redis when one is configured.
  api.use(
    authRouter({
      auth: services.customerAuth,
      balances: services.balances,
      orders: services.orders,
      secureCookies: config.production,
      rateLimitStore: services.rateLimitStore('sign-in'),
    }),
  );
  api.use(
    ordersRouter(services.orders, feed, services.adminAuth, {
      rateLimitPerMinute: config.orderRateLimitPerMinute,
      botApiSecret: config.botApiSecret,
      rateLimitStore: services.rateLimitStore('orders'),
      closing: deps.closing,
      production: config.production,
    }),
  );
  api.use(balanceRouter(services.balances, services.orders, services.payouts));
  api.use(recipientsRouter(services.recipients));
  api.use('/bot', botRouter(services.telegramOutbox, services.botState, config));
  api.use(
    supportRouter(services.support, {
      rateLimitPerMinute: config.supportRateLimitPerMinute,
      botApiSecret: config.botApiSecret,
      rateLimitStore: services.rateLimitStore('support'),
    }),
  );
  api.use(
    '/admin',
    adminRouter({
      auth: services.adminAuth,
      admin: services.admin,
      adminOrders: services.adminOrders,
      support: services.support,
      payments: services.payments,
      alerts: services.alerts,
      readiness: services.readiness,
      production: config.production,
      team: services.team,
      sweeps: services.sweeps,
      payouts: services.payouts,
      reconciliation: services.reconciliation,
    }),
  );
  if (config.airtime.provider === 'sandbox') api.use('/sandbox', sandboxRouter());
  api.use(notFoundApi);
  app.use('/api', api);
  app.use(pageHeaders());

  app.get('/flags/:code.svg', (req, res) => {
    const file = flagSvgPath(req.params.code.toUpperCase());
    if (!file) throw new AppError('NOT_FOUND', 'No such flag');
    res.set('cache-control', 'public, max-age=604800').sendFile(file);
  });

  // Before the web app: its catch-all would otherwise answer /admin.
  app.use(adminConsoleRouter(path.join(config.repoRoot, 'admin', 'dist')));
  const webapp = webappRouter(path.join(config.repoRoot, 'webapp', 'dist'));
  if (webapp) app.use(webapp);
  else app.get('/', (_req, res) => res.type('text/plain').send('API running. Build the web app (npm run build) to serve the site and the mini-app.'));

  // Our own 404, not Express's: it keeps the security headers set above.
  app.use((_req, res) => void res.status(404).type('text/plain').send('Not found'));
  app.use(errorHandler(log, services.databaseOutage));
  return app;
}
