import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Rules of the house that a reader can break without noticing (docs/design.md section 4): a chain family
 * is known only inside its adapter, cents become dollars only through shared's codecs, raw SQL rows are
 * read through one helper, and the project's own documents are the ones its text points to.
 */
const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const code = tracked.filter((f) => /\.(ts|tsx)$/.test(f) && !f.startsWith('scripts/house.test.ts'));

function offending(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the house', () => {
  it('knows the EVM adapter only inside it', () => {
    expect(
      offending(
        code.filter((f) => !f.startsWith('api/src/chain/evm/')),
        /adapters\.evm\b/,
      ),
    ).toEqual([]);
  });

  it('turns cents into dollars only in shared’s money codecs', () => {
    expect(
      offending(
        code.filter((f) => f !== 'shared/src/money.ts'),
        /cents\w*\)?\s*\/\s*100\b/i,
      ),
    ).toEqual([]);
  });

  it('reads raw SQL results through one typed helper (rowsOf)', () => {
    expect(
      offending(
        code.filter((f) => f !== 'api/src/db/client.ts'),
        /as (unknown as )?\{ rows\b/,
      ),
    ).toEqual([]);
  });

  it('points to its own design document, and no text cites an issue number', () => {
    const text = tracked.filter((f) => /\.(ts|tsx|md)$/.test(f) && f !== 'scripts/house.test.ts');
    expect(offending(text, /DESIGN\.md/)).toEqual([]);
    expect(offending(code, /\bissues? #?\d+/i)).toEqual([]);
  });
});
