/**
 * Builds the API and the bot to JavaScript for the production image (`npm run build:server`):
 *
 *   dist/api/main.js        node dist/api/main.js   (the API, its workers and watchers)
 *   dist/api/migrations/    the SQL migrations, read beside the bundle at start
 *   dist/bot/main.js        node dist/bot/main.js   (the Telegram bot)
 *
 * esbuild bundles our own code and the `shared` workspace (TypeScript sources, nothing to install);
 * npm packages stay imports, installed in the image by `npm ci --omit=dev --omit=optional` for the
 * api and bot workspaces only. The devnet (Hardhat, solc, contract sources) is a development tool:
 * the bundle carries a stub that says so. `--outdir <dir>` builds elsewhere (a direct child of the
 * repository, so that the bundle finds node_modules and the built pages as dist/ does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every npm package stays an import; only the workspace package `@topup/shared` is bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@topup/') ? undefined : { path: args.path, external: true }));
  },
};

/** `import('./chain/devnet')` in main.ts: production refuses DEVNET, and the image has no Hardhat. */
const devnetStub: Plugin = {
  name: 'devnet-stub',
  setup(b) {
    b.onResolve({ filter: /\/chain\/devnet$/ }, (args) => ({ path: args.path, namespace: 'devnet-stub' }));
    b.onLoad({ filter: /.*/, namespace: 'devnet-stub' }, () => ({
      contents: `export async function startDevnet() { throw new Error('The local devnet is a development tool and is not in this build: set DEVNET=false and the <NETWORK>_RPC_URL of your nodes, or run from the sources (npm start).'); }`,
      loader: 'js',
    }));
  },
};

/** What the devnet reads beside its code at run time (node.ts, compile.ts), copied beside a bundle that carries it. */
const DEVNET_FILES = ['hardhat-node.mjs', 'hardhat.config.cjs', 'contracts'];

/**
 * `devnet`: keep the local devnet in the bundle (`npm start` runs such a build, see scripts/start.mjs);
 * production builds carry the stub.
 */
export async function buildServer(outdir = path.join(REPO_ROOT, 'dist'), opts: { devnet?: boolean } = {}): Promise<{ outdir: string; files: string[] }> {
  fs.rmSync(path.join(outdir, 'api'), { recursive: true, force: true });
  fs.rmSync(path.join(outdir, 'bot'), { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning' as const,
    plugins: opts.devnet ? [externalPackages] : [externalPackages, devnetStub],
    // Bundled ESM has no `require`; a few packages are loaded through createRequire, which needs none.
    banner: { js: '// Built by scripts/build-server.ts: edit the sources in api/src, bot/src and shared/src.' },
  };
  await build({ ...common, entryPoints: [path.join(REPO_ROOT, 'api/src/main.ts')], outfile: path.join(outdir, 'api/main.js') });
  await build({ ...common, entryPoints: [path.join(REPO_ROOT, 'bot/src/main.ts')], outfile: path.join(outdir, 'bot/main.js') });
  fs.cpSync(path.join(REPO_ROOT, 'api/src/db/migrations'), path.join(outdir, 'api/migrations'), { recursive: true });
  if (opts.devnet) {
    for (const file of DEVNET_FILES) fs.cpSync(path.join(REPO_ROOT, 'api/src/chain/devnet', file), path.join(outdir, 'api', file), { recursive: true });
  }
  // ESM for Node without a "type" field above it.
  fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  const files = fs
    .readdirSync(outdir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(outdir, path.join(d.parentPath, d.name)));
  return { outdir, files };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const { outdir, files } = await buildServer(values.outdir ? path.resolve(values.outdir) : undefined);
  console.log(`Built the API and the bot into ${path.relative(process.cwd(), outdir) || '.'}: ${files.filter((f) => f.endsWith('.js')).join(', ')}`);
}
