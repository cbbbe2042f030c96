import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DIST_DIR } from './build';

/**
 * First-load JS + CSS, gzip -9, of the built pages (webapp/README.md's figures): what a page needs
 * before it can draw, each language available (each loads on demand). `npm run measure -w webapp`
 * prints them; first-load.test.ts holds them to their budgets.
 */
export const FIRST_LOAD_BUDGET_BYTES = { site: 75 * 1024, miniApp: 90 * 1024 };

export interface FirstLoad {
  total: number;
  files: { file: string; bytes: number }[];
}

export const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Files a manifest key needs before it runs: its file, its static imports (transitively), their stylesheets. */
function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[], files = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    staticClosure(manifest, chunk.imports ?? [], files);
  }
  return files;
}

function firstLoadOf(html: string, files: string[]): FirstLoad {
  const sized = [html, ...files].map((file) => ({ file, bytes: gzipSize(fs.readFileSync(path.join(DIST_DIR, file))) }));
  return { total: sized.reduce((sum, f) => sum + f.bytes, 0), files: sized };
}

/** A site route: index.html, the entry and the route's page (`src/site/pages/Home.tsx`), with their static imports and stylesheets (Vite's manifest). */
export function siteFirstLoad(pageModule: string): FirstLoad {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  return firstLoadOf('index.html', [...staticClosure(manifest, ['index.html', pageModule])]);
}

/** The mini-app: telegram.html and the scripts and stylesheets it references (entry, modulepreloads, stylesheet). */
export function miniAppFirstLoad(): FirstLoad {
  const html = fs.readFileSync(path.join(DIST_DIR, 'telegram.html'), 'utf8');
  return firstLoadOf(
    'telegram.html',
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
  );
}
