import net from 'node:net';
import { CHAINS, type ChainRegistry } from '@topup/shared';
import { loadConfig, type NetworkConfig } from '../../config';

/**
 * Devnet network configurations on chosen ports, for tests: the same chain ids and token addresses
 * the application's configuration gives the default devnet, taken from that configuration itself.
 * `settings`: more of it (e.g. BASE_ENABLED=true for a network switched off by default).
 */
function devnetNetworks(ports: Record<string, number>, registry: ChainRegistry = CHAINS, settings: Record<string, string> = {}): Record<string, NetworkConfig> {
  const env: Record<string, string> = { NODE_ENV: 'test', DEVNET: 'true', ...settings };
  for (const { id } of registry.networks) env[`${id.toUpperCase()}_RPC_URL`] = `http://127.0.0.1:${ports[id]}`;
  return loadConfig(env, registry).networks;
}

/** devnetNetworks on ports that are free right now. */
export async function freeDevnetNetworks(registry: ChainRegistry = CHAINS, settings: Record<string, string> = {}): Promise<Record<string, NetworkConfig>> {
  // All held open together before any is released, so the system cannot hand out one port twice.
  const servers = await Promise.all(registry.networks.map(() => listenOnFreePort()));
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return devnetNetworks(Object.fromEntries(registry.networks.map((n, i) => [n.id, ports[i]!])), registry, settings);
}

function listenOnFreePort(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
