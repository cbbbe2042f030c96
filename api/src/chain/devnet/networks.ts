import net from 'node:net';
import { NETWORKS, type TNetwork } from '@topup/shared';
import { loadConfig, type NetworkConfig } from '../../config';

/**
 * Devnet network configurations on chosen ports, for tests: the same chain ids and token addresses
 * the application's configuration gives the default devnet, taken from that configuration itself.
 */
export function devnetNetworks(ports: Record<TNetwork, number>): Record<TNetwork, NetworkConfig> {
  const env: Record<string, string> = { NODE_ENV: 'test', DEVNET: 'true' };
  for (const network of NETWORKS) env[`${network.toUpperCase()}_RPC_URL`] = `http://127.0.0.1:${ports[network]}`;
  return loadConfig(env).networks;
}

/** devnetNetworks on ports that are free right now. */
export async function freeDevnetNetworks(): Promise<Record<TNetwork, NetworkConfig>> {
  // All held open together before any is released, so the system cannot hand out one port twice.
  const servers = await Promise.all(NETWORKS.map(() => listenOnFreePort()));
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return devnetNetworks(Object.fromEntries(NETWORKS.map((n, i) => [n, ports[i]!])) as Record<TNetwork, number>);
}

function listenOnFreePort(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
