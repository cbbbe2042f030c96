import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { purgeUnusedUiCss } from './vite/purge-ui-css.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** In development, /telegram and /telegram/* get the mini-app page, as the API serves it in production. */
function miniAppRoute(): Plugin {
  return {
    name: 'mini-app-route',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/telegram(\/[^.]*)?(\?.*)?$/.test(req.url)) req.url = '/telegram.html';
        next();
      });
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react(), miniAppRoute(), purgeUnusedUiCss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: which chunks and stylesheets each page and route needs (scripts/measure.ts).
    manifest: true,
    // Two pages: the web site (every path the API does not serve otherwise) and the mini-app (/telegram).
    rollupOptions: {
      input: { index: `${root}index.html`, telegram: `${root}telegram.html` },
      // React and react-query, shared by both pages, in one long-cached chunk of their own.
      output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ }] } },
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/flags': apiTarget },
  },
});
