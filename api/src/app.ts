import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Config } from './config';
import { errorHandler, notFoundApi } from './http/errors';
import { AppError } from './services/errors';
import { flagSvgPath } from './airtime/sandbox';
import { identifyCustomer } from './http/identity';
import { webappRouter } from './http/webapp';
import { adminConsoleRouter } from './http/admin-console';
import cookieParser from 'cookie-parser';
import { adminRouter } from './routes/admin/admin.router';
import { authRouter, PROFILE_PICTURE_PATH } from './routes/auth/auth.router';
import { balanceRouter } from './routes/balance/balance.router';
import { botRouter } from './routes/bot/bot.router';
import { catalogRouter } from './routes/catalog/catalog.router';
import { ordersRouter } from './routes/orders/orders.router';
import { coinsRouter } from './routes/coins/coins.router';
import { pricingRouter } from './routes/pricing/pricing.router';
import { sandboxRouter } from './routes/sandbox/sandbox.router';
import type { Services } from './services';
import type { OrderFeed } from './services/order-feed';
import { requestLogging } from './http/access-log';
import { metricsRouter } from './http/metrics';
import { readinessRouter } from './http/readiness';

/**
 * The HTTP application: routes are thin, the services own the rules. Middleware order: the request id
 * and access log first (every later line of the request carries the id), then the probes and metrics
 * (cheap, no body parsing, no session look-up), security headers, the API, the pages, and the error
 * handler last.
 */
export function createApp(deps: { config: Config; services: Services; feed: OrderFeed; log: Logger; closing?: AbortSignal }): express.Express {
  const { config, services, feed, log } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', config.trustProxy);
  app.use(requestLogging(log, services.metrics));
  app.use(metricsRouter(services.metrics, { token: config.metricsToken, production: config.production }));
  app.use(
    helmet({
      // Telegram's web clients show the mini-app in a frame; X-Frame-Options cannot allow them, CSP can.
      xFrameOptions: false,
      contentSecurityPolicy: {
        directives: {
          frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
          // Operator logos and flags come from the airtime provider's servers.
          imgSrc: ["'self'", 'data:', 'https:'],
        },
      },
    }),
  );

  const api = express.Router();
  const json = express.json({ limit: '100kb' });
  // The profile picture route parses its own, larger body.
  api.use((req, res, next) => (req.path === PROFILE_PICTURE_PATH ? next() : json(req, res, next)));
  // Liveness: the process answers. It never looks at a dependency (that is readiness: GET /api/ready).
  api.get('/health', (_req, res) => {
    res.json({ ok: true, provider: services.catalog.providerName });
  });
  api.use(readinessRouter(services.readiness));
  // The catalog and prices need no identity: served before the cookie and session look-ups.
  api.use(catalogRouter(services.catalog));
  api.use(coinsRouter(services.chains, services.networkFees));
  api.use(
    pricingRouter(services.pricing, services.settings, {
      // The bot's id is the public part of its token (it is also the bot's Telegram user id).
      telegramBotId: config.telegramBotToken ? Number(config.telegramBotToken.split(':')[0]) : null,
      emailDelivery: config.mail.smtpUrl ? 'smtp' : 'local-outbox',
      support: config.support,
    }),
  );
  api.use(cookieParser());
  api.use(identifyCustomer(services.customers, services.customerAuth, config));
  // Rate limits are counted in PostgreSQL: one limit across every replica.
  api.use(
    authRouter({ auth: services.customerAuth, balances: services.balances, orders: services.orders, secureCookies: config.production, rateLimitStore: services.rateLimitStore('sign-in') }),
  );
  api.use(
    ordersRouter(services.orders, feed, services.adminAuth, {
      rateLimitPerMinute: config.orderRateLimitPerMinute,
      rateLimitStore: services.rateLimitStore('orders'),
      closing: deps.closing,
    }),
  );
  api.use(balanceRouter(services.balances, services.orders));
  api.use('/bot', botRouter(services.telegramOutbox, services.botState, config));
  api.use('/admin', adminRouter({ auth: services.adminAuth, admin: services.admin, payments: services.payments, alerts: services.alerts, readiness: services.readiness }));
  if (config.airtime.provider === 'sandbox') api.use('/sandbox', sandboxRouter());
  api.use(notFoundApi);
  app.use('/api', api);

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

  app.use(errorHandler(log));
  return app;
}
