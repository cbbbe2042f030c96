import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Router } from 'express';

/**
 * The built web app (webapp/dist): the mini-app at /telegram, the site everywhere else. Hashed assets
 * are cached for good; the HTML pages never, so a deploy is seen at once. Routes are the client's:
 * any path that is not a file gets its page, and the page shows its own 404.
 */
export function webappRouter(distDir: string): Router | null {
  const site = path.join(distDir, 'index.html');
  const miniApp = path.join(distDir, 'telegram.html');
  if (!fs.existsSync(site) && !fs.existsSync(miniApp)) return null;
  const router = express.Router();
  // Pages and assets only: the API's JSON and its event streams never pass through here.
  router.use(compression());
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  const page = (file: string) => (_req: express.Request, res: express.Response) => {
    res.set('cache-control', 'no-cache').sendFile(file);
  };
  if (fs.existsSync(miniApp)) router.get(['/telegram', '/telegram/{*rest}'], page(miniApp));
  if (fs.existsSync(site)) router.get('/{*rest}', page(site));
  return router;
}
