// Hardhat Network for the devnet; node.ts passes the values in the environment, hardhat-node.mjs sets each chain's id.
/* global module -- Hardhat 2 loads its config with require(), so this file is CommonJS. */
const dataDir = process.env.DEVNET_DATA_DIR;

module.exports = {
  // Hardhat never compiles here (we compile with solc-js), but `hardhat node` watches its artifacts
  // folder: keep that under the data dir, out of the source tree.
  paths: { artifacts: `${dataDir}/hardhat/artifacts`, cache: `${dataDir}/hardhat/cache` },
  networks: {
    hardhat: {
      // One log line per JSON-RPC call would drown everything else.
      loggingEnabled: false,
      // Automine confirms a payment at once; the interval keeps adding blocks so confirmations grow.
      mining: { auto: true, interval: Number(process.env.DEVNET_BLOCK_INTERVAL_MS) },
    },
  },
};
