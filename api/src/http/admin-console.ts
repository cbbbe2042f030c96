import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Router } from 'express';

/** The console's pages: the spec's two routes, an order's page and the support inbox. */
const ADMIN_CONSOLE_ROUTES = ['/admin-login', '/admin-invite', '/admin', '/admin/', '/admin/orders/:id', '/admin/support', '/admin/support/:id'];

/**
 * The built admin console (admin/dist): one page at /admin-login, /admin and the console's own pages
 * (/admin/orders/{id}, /admin/support[/{id}]), its files under
 * /admin/assets (hashed, cached for good) beside the page; the page itself is never cached, so a
 * deploy is seen at once, and is kept out of search engines. Mount it before the web app's router,
 * whose catch-all would otherwise answer these paths with the site.
 *
 * The build is looked for on each page request: a console built after the server started is served,
 * and a missing one is named instead of falling through to the site's 404.
 */
export function adminConsoleRouter(distDir: string): Router {
  const page = path.join(distDir, 'index.html');
  const router = express.Router();
  // Covers /admin/assets too: a mount path matches everything below it.
  router.use(ADMIN_CONSOLE_ROUTES, compression());
  router.use('/admin/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y' }), (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  router.get(ADMIN_CONSOLE_ROUTES, (_req, res) => {
    res.set('x-robots-tag', 'noindex, nofollow');
    if (!fs.existsSync(page)) {
      res.status(503).type('text/plain').send('The admin console is not built. Run `npm run build -w admin`.');
      return;
    }
    res.set('cache-control', 'no-cache').sendFile(page);
  });
  router.use('/admin', express.static(distDir, { index: false, maxAge: '1h', fallthrough: true }));
  return router;
}
