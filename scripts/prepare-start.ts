/**
 * What `npm start` builds before it runs (scripts/start.mjs runs this, then the result): the pages
 * when their sources changed (web-build.ts), and the API and the bot bundled from the sources with the
 * devnet into .dev-build/ (build-server.ts, about a second). The API then runs under plain node: no
 * TypeScript loader stays in the running process, which saves memory and start-up time.
 */
import path from 'node:path';
import { buildServer } from './build-server';
import { ensureBuilt, REPO_ROOT } from './web-build';

/** A direct child of the repository, as build-server.ts needs; in .gitignore. */
export const DEV_BUILD_DIR = path.join(REPO_ROOT, '.dev-build');

for (const pkg of ['webapp', 'admin'] as const) {
  if (ensureBuilt(pkg)) console.log(`Built ${pkg}.`);
}
await buildServer(DEV_BUILD_DIR, { devnet: true });
