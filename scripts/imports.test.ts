import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** No two modules of a package import each other (a two-file circle): one of them holds what both need. */
const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['shared/src', 'api/src', 'bot/src', 'webapp/src', 'admin/src'];

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(root, dir, f));
}

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return new Set(specs.map((s) => resolveImport(file, s)).filter((f): f is string => f !== null));
}

describe('imports', () => {
  it('have no two-file circles', () => {
    const graph = new Map(SOURCES.flatMap(sourceFiles).map((f) => [f, importsOf(f)]));
    const circles = [...graph].flatMap(([a, deps]) =>
      [...deps].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${path.relative(root, a)} <-> ${path.relative(root, b)}`),
    );
    expect(circles).toEqual([]);
  });
});
