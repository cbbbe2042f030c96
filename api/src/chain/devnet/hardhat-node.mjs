// The devnet's nodes in one process: a Hardhat Network per chain, each served over HTTP on its own port
// (DEVNET_CHAINS: [{ "port": 8545, "chainId": 31337 }, ...]). node.ts starts it. One process for all
// chains holds Hardhat once (about 120 MB) instead of once per chain.

// The parent holds our stdin open and never writes to it: when the parent dies, even by SIGKILL, the
// pipe closes and we exit too, so no node outlives the process that started it.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

// Imported after the watchdog is in place; reads its config file from HARDHAT_CONFIG.
const { default: hre } = await import('hardhat');
const { createProvider } = await import('hardhat/internal/core/providers/construction.js');
const { JsonRpcServer } = await import('hardhat/internal/hardhat-network/jsonrpc/server.js');

const hostname = process.env.DEVNET_HOSTNAME;
for (const { port, chainId } of JSON.parse(process.env.DEVNET_CHAINS)) {
  const hardhat = { ...hre.config.networks.hardhat, chainId };
  const provider = await createProvider({ ...hre.config, networks: { ...hre.config.networks, hardhat } }, 'hardhat', hre.artifacts);
  const server = new JsonRpcServer({ hostname, port, provider });
  await server.listen();
}
