import type { Config } from '../config';
import type { AirtimeProvider } from './provider';
import { ReloadlyProvider } from './reloadly';
import { SandboxProvider } from './sandbox';

type Factory = (config: Config) => AirtimeProvider;

/**
 * Every airtime provider, by the name `AIRTIME_PROVIDER` takes. A new provider is its adapter (a file
 * or folder beside this one, implementing provider.ts), one line here, and its name and settings in
 * config-env.ts and config.ts (the compiler asks for the line here once the name is there).
 */
const AIRTIME_PROVIDERS: Record<Config['airtime']['provider'], Factory> = {
  sandbox: (config) => new SandboxProvider({ publicBaseUrl: config.publicUrl ?? '' }),
  reloadly: (config) => {
    const r = config.airtime.reloadly;
    return new ReloadlyProvider({ clientId: r.clientId!, clientSecret: r.clientSecret!, environment: r.environment, authUrl: r.authUrl, apiUrl: r.apiUrl });
  },
};

export function createProvider(config: Config): AirtimeProvider {
  return AIRTIME_PROVIDERS[config.airtime.provider](config);
}
