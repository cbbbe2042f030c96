import { expect, it } from 'vitest';
import { formatReport, measureHandlingTime } from '../bench/handling-time';

/**
 * The handling-time figure (bot/bench/handling-time.ts), on a short run: printed, not asserted
 * (timings belong to benchmarks, docs/design.md section 8). The test checks the measurement itself: every
 * step of the recharge was measured and no update needed the real API.
 */
it('measures the handling time per update with the API excluded', async () => {
  const report = await measureHandlingTime({ conversations: 30 });
  process.stdout.write(`\n${formatReport(report)}\n`);
  expect(report.excluded).toBe(0);
  expect(Object.keys(report.byStep)).toHaveLength(11);
  expect(report.updates).toBe(330);
}, 120_000);
