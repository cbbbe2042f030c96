import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documents stay navigable: the README is the short front page, every relative link of the README
 * and `docs/` reaches a file (and a heading, when it names one), and `.env.example` defines each setting once.
 */
const root = path.resolve(import.meta.dirname, '..');
const pages = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function headings(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchor(m[1]!)));
}

function relativeLinks(page: string): string[] {
  const text = fs
    .readFileSync(path.join(root, page), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

describe('the documents', () => {
  it('keep the README a front page of at most 250 lines', () => {
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it.each(pages)('%s: every relative link resolves', (page) => {
    const broken = relativeLinks(page).filter((link) => {
      const [file, hash] = link.split('#') as [string, string | undefined];
      const target = file === '' ? path.join(root, page) : path.resolve(path.dirname(path.join(root, page)), file);
      if (!fs.existsSync(target)) return true;
      return hash !== undefined && fs.statSync(target).isFile() && !headings(target).has(hash);
    });
    expect(broken).toEqual([]);
  });

  it('define each setting of .env.example once', () => {
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    // A setting is a line of its own (`NAME=value`, or `# NAME=value` when it is off by default); prose that
    // names one in a sentence is not.
    const names = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=(.*)$/gm)].filter((m) => !m[0].startsWith('#') || !/\s/.test(m[2]!)).map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
