import { describe, expect, it } from 'vitest';
import { flagEmoji, formatCountdown, formatDateTime } from './format';
import { networkLabel } from './coins';

describe('formats', () => {
  it('shows the countdown as m:ss', () => {
    expect(formatCountdown(6 * 60 * 1000)).toBe('6:00');
    expect(formatCountdown(61_500)).toBe('1:02');
    expect(formatCountdown(-5)).toBe('0:00');
  });
  it('derives flag emoji from the two-letter code, else a globe', () => {
    expect(flagEmoji('CM')).toBe('🇨🇲');
    expect(flagEmoji('x')).toBe('🌐');
  });
  it('formats dates en-US with short month and 2-digit time', () => {
    expect(formatDateTime(new Date(2025, 5, 29, 9, 5))).toMatch(/^Jun 29, 2025, 09:05 AM$/);
  });
  it('labels networks as the compact flow does', () => {
    expect(networkLabel('USDT-BEP20')).toBe('Binance Smart Chain');
    expect(networkLabel('POL')).toBe('Polygon');
    expect(networkLabel('MATIC')).toBe('Polygon');
    expect(networkLabel('USDC-BASE')).toBe('Base');
    expect(networkLabel('BTC')).toBe('Blockchain');
  });
});
