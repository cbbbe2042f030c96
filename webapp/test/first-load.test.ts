import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build';
import { FIRST_LOAD_BUDGET_BYTES, miniAppFirstLoad, siteFirstLoad } from './first-load';

const listed = (load: { files: { file: string; bytes: number }[] }) => load.files.map((f) => `${f.file} ${(f.bytes / 1024).toFixed(1)} KB`).join('\n');

describe('first load of the built pages (gzip -9, every language available)', () => {
  beforeAll(() => {
    ensureBuilt();
  }, 300_000);

  it("keeps the site's home page within its budget", () => {
    const load = siteFirstLoad('src/site/pages/Home.tsx');
    expect(load.total, listed(load)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES.site);
  });

  it('keeps the mini-app within its budget', () => {
    const load = miniAppFirstLoad();
    expect(load.total, listed(load)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES.miniApp);
  });
});
