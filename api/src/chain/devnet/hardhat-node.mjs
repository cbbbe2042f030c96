// One devnet node in its own process: Hardhat Network served over HTTP. node.ts starts it.

// The parent holds our stdin open and never writes to it: when the parent dies, even by SIGKILL, the
// pipe closes and we exit too, so no node outlives the process that started it.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();

// Imported after the watchdog is in place; reads its config file from HARDHAT_CONFIG.
const { default: hre } = await import('hardhat');
await hre.run('node', { hostname: process.env.DEVNET_HOSTNAME, port: Number(process.env.DEVNET_PORT) });
