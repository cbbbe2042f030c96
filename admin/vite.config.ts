import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The console is one page served at /admin-login and /admin (the spec's routes) and at its own pages
 * (/admin/orders/{id}, /admin/support[/{id}]); its files live under /admin/ so they never meet the web
 * app's /assets. In development these routes get the page, as the API serves them in production
 * (api/src/http/admin-console.ts).
 */
function consoleRoutes(): Plugin {
  return {
    name: 'admin-console-routes',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/(admin-login|admin|admin\/orders\/\d+|admin\/support(\/\d+)?)\/?(\?.*)?$/.test(req.url)) req.url = '/admin/index.html';
        next();
      });
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  base: '/admin/',
  plugins: [react(), consoleRoutes()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { port: 5174, proxy: { '/api': apiTarget } },
});
