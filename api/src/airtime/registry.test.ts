import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createProvider } from './registry';

describe('the airtime provider registry', () => {
  it('builds the provider AIRTIME_PROVIDER names', () => {
    expect(createProvider(loadConfig({})).name).toBe('Sandbox provider (no real airtime)');
    const reloadly = loadConfig({
      AIRTIME_PROVIDER: 'reloadly',
      RELOADLY_CLIENT_ID: 'id',
      RELOADLY_CLIENT_SECRET: 'secret',
      RELOADLY_ENVIRONMENT: 'production',
    });
    expect(createProvider(reloadly).name).toBe('Reloadly');
    expect(() => loadConfig({ AIRTIME_PROVIDER: 'ding' })).toThrow(/AIRTIME_PROVIDER/);
  });
});
