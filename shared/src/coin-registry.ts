import type { TCoin, TRegistry } from './coin-types';

/**
 * The network and coin registry (docs/design.md sections 5 and 9): every network we watch and every coin
 * we accept, written once. It drives the API's configuration (the environment variable names of each
 * network), the devnet (one local node per network, its tokens), the chain watchers, the price feed's
 * coin list, and what `GET /api/coins` offers every client. Adding USDC on another EVM network is one
 * network entry and one coin entry here, plus its contract and RPC settings.
 *
 * Where the mainnet facts come from (checked when each entry was written):
 * - USDC (6 decimals): Circle's "USDC Contract Addresses" and "Token IDs" pages (developers.circle.com)
 *   for Ethereum, Base (0x8335…2913) and Arbitrum (0xaf88…5831); Circle's announcement "What you need
 *   to know: Native USDC on Polygon PoS" for Polygon (0x3c49…3359; the bridged USDC.e at 0x2791…4174
 *   is another token, not accepted).
 * - USDT (6 decimals outside BSC): Tether's "Supported Protocols" page names Ethereum and Polygon;
 *   the contracts as Polygonscan (0xc213…8e8F, "(PoS) Tether USD") and Arbiscan (0xFd08…Cbb9, upgraded
 *   in place to USDT0) list them, and as wallet SDKs (Reown AppKit's polygonUSDT, arbitrumUSDT) pin them.
 * - Finality: Base's "Transaction Finality" page (docs.base.org: a batch is on Ethereum after about
 *   2 minutes, "effectively 0% probability of a reorg"; final with Ethereum after about 20) and
 *   Arbitrum's "Finality and chain reorganizations" (docs.arbitrum.io: `safe` and `finalized` follow the
 *   Ethereum block that carries the batch).
 * - USDT on Tron: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t (hex 41a614f803b6fd780986a42c78ec9c7f77e6ded13c), 6
 *   decimals, as Tether's transparency page and Tronscan list it and wallet SDKs pin it.
 * - TON: Toncoin, 9 decimals (nanotons); USDT on TON, the jetton whose master is
 *   EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs, 6 decimals, as Tether's "Supported Protocols" page
 *   and TON's own docs ("USDT on TON") list it. TON's global id is -239 on mainnet (-3 testnet).
 * - Trust Wallet's coin ids: wallet-core's registry.json (Ethereum 60, Smart Chain 20000714, Polygon 966,
 *   Base 8453, Arbitrum 10042221).
 */

/**
 * A dollar stablecoin's contract on one network: its asset is its ERC-20 ticker (USDT or USDC), and it
 * is priced without a feed. In order: ticker, symbol on the wire, name, network, the list's network text,
 * decimals, the name the devnet gives it, the mainnet contract.
 */
function stablecoin(
  ticker: 'USDT' | 'USDC',
  symbol: string,
  name: string,
  network: string,
  networkText: string,
  decimals: number,
  tokenName: string,
  contract: string,
): TCoin {
  return { symbol, name, asset: ticker, network, networkText, kind: 'token', decimals, stable: true, token: { ticker, tokenName, contract } };
}

export const REGISTRY: TRegistry = {
  assets: [
    { symbol: 'USDT', name: 'Tether USDT' },
    { symbol: 'USDC', name: 'USD Coin (USDC)' },
    { symbol: 'ETH', name: 'Ethereum (ETH)' },
    { symbol: 'BNB', name: 'Binance Coin (BNB)' },
    { symbol: 'POL', name: 'Polygon (POL)' },
    { symbol: 'TRX', name: 'Tron (TRX)' },
    { symbol: 'TON', name: 'Toncoin (TON)' },
  ],
  networks: [
    {
      id: 'ethereum',
      label: 'Ethereum',
      family: 'evm',
      chainId: 1,
      finality: 'finalized',
      confirmations: 64,
      blockSeconds: 12,
      timeToCount: 'about 15 minutes',
      countSeconds: 900,
      devnet: { port: 8545, chainId: 31337 },
      trustWalletCoin: 60,
      explorer: 'https://etherscan.io',
    },
    {
      id: 'bsc',
      label: 'Binance Smart Chain',
      family: 'evm',
      chainId: 56,
      finality: 'finalized',
      confirmations: 15,
      blockSeconds: 3,
      timeToCount: 'under a minute',
      countSeconds: 30,
      devnet: { port: 8546, chainId: 31338 },
      trustWalletCoin: 20000714,
      explorer: 'https://bscscan.com',
    },
    {
      id: 'polygon',
      label: 'Polygon',
      family: 'evm',
      chainId: 137,
      finality: 'finalized',
      confirmations: 128,
      blockSeconds: 2,
      timeToCount: 'under a minute (about 5 minutes where the node gives no finality)',
      countSeconds: 30,
      devnet: { port: 8547, chainId: 31339 },
      trustWalletCoin: 966,
      explorer: 'https://polygonscan.com',
    },
    {
      // `safe`: the batch holding the payment is on Ethereum (about 2 minutes); Base documents that no
      // batched block has ever been reorganised. `finalized` (BASE_FINALITY) waits about 20 minutes.
      id: 'base',
      label: 'Base',
      family: 'evm',
      chainId: 8453,
      finality: 'safe',
      confirmations: 60,
      blockSeconds: 2,
      timeToCount: 'about 2 minutes',
      countSeconds: 120,
      devnet: { port: 8548, chainId: 31340 },
      rollup: 'op-stack',
      trustWalletCoin: 8453,
      explorer: 'https://basescan.org',
      enabledByDefault: false,
    },
    {
      // `safe`: the batch is in an Ethereum block that is safe (justified); only a reorganisation of
      // Ethereum that deep could undo it. `finalized` (ARBITRUM_FINALITY) waits about 20 minutes.
      id: 'arbitrum',
      label: 'Arbitrum One',
      family: 'evm',
      chainId: 42161,
      finality: 'safe',
      confirmations: 2400,
      blockSeconds: 0.25,
      timeToCount: 'about 10 minutes',
      countSeconds: 600,
      devnet: { port: 8549, chainId: 31341 },
      rollup: 'arbitrum',
      trustWalletCoin: 10042221,
      explorer: 'https://arbiscan.io',
      enabledByDefault: false,
    },
    {
      // Tron: a payment counts once its block is solidified (confirmed by two thirds of the 27 super
      // representatives: 19 blocks of 3 s). Its chain id is the last four bytes of the genesis block's
      // id, as its JSON-RPC eth_chainId answers (0x2b6653dc). The devnet is the Tron double (api/src/chain/tron/double.ts).
      id: 'tron',
      label: 'Tron',
      family: 'tron',
      chainId: 0x2b6653dc,
      finality: null,
      confirmations: 19,
      blockSeconds: 3,
      timeToCount: 'about a minute',
      countSeconds: 60,
      devnet: { port: 8590, chainId: 31342 },
      trustWalletCoin: 195,
      // On in the embedded defaults; a deployment made before Tron keeps starting until TRON_ENABLED=true.
      enabledByDefault: 'devnet',
    },
    {
      // TON: a payment counts once its masterchain block is committed (TON's validators sign each
      // masterchain block once; there are no reorganisations of a committed block), which TON Center's
      // index serves. "Blocks" are masterchain blocks (about 2.5 s). Orders share the operator's
      // receiving wallet and carry a comment each (api/src/chain/ton/). The devnet is the TON double on @ton/sandbox.
      id: 'ton',
      label: 'TON',
      family: 'ton',
      chainId: -239,
      finality: null,
      confirmations: 1,
      blockSeconds: 3,
      timeToCount: 'under a minute',
      countSeconds: 10,
      devnet: { port: 8591, chainId: 31343 },
      explorer: 'https://tonscan.org',
      // On in the embedded defaults; a deployment made before TON keeps starting until TON_ENABLED=true.
      enabledByDefault: 'devnet',
    },
  ],
  coins: [
    stablecoin('USDT', 'USDT', 'Tether USDT (ERC-20)', 'ethereum', 'Ethereum ERC-20', 6, 'Tether USD', '0xdAC17F958D2ee523a2206206994597C13D831ec7'),
    stablecoin(
      'USDT',
      'USDT-BEP20',
      'Tether USDT (BEP-20)',
      'bsc',
      'Binance Smart Chain BEP-20',
      18,
      'Tether USD',
      '0x55d398326f99059fF775485246999027B3197955',
    ),
    { symbol: 'ETH', name: 'Ethereum (ETH)', asset: 'ETH', network: 'ethereum', networkText: 'Ethereum Network', kind: 'native', decimals: 18, stable: false },
    stablecoin('USDC', 'USDC', 'USD Coin (USDC)', 'ethereum', 'Ethereum ERC-20', 6, 'USD Coin', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
    // Polygon's native coin was renamed from MATIC to POL in 2024; old clients still send MATIC.
    {
      symbol: 'POL',
      formerSymbols: ['MATIC'],
      name: 'Polygon (POL)',
      asset: 'POL',
      network: 'polygon',
      networkText: 'Polygon Network',
      kind: 'native',
      decimals: 18,
      stable: false,
    },
    { symbol: 'BNB', name: 'Binance Coin (BNB)', asset: 'BNB', network: 'bsc', networkText: 'BSC Network', kind: 'native', decimals: 18, stable: false },
    stablecoin('USDT', 'USDT-POLYGON', 'Tether USDT (Polygon)', 'polygon', 'Polygon PoS', 6, '(PoS) Tether USD', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'),
    stablecoin('USDC', 'USDC-POLYGON', 'USD Coin (Polygon)', 'polygon', 'Polygon PoS', 6, 'USD Coin', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'),
    stablecoin('USDC', 'USDC-BASE', 'USD Coin (Base)', 'base', 'Base', 6, 'USD Coin', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
    { symbol: 'ETH-BASE', name: 'Ether (Base)', asset: 'ETH', network: 'base', networkText: 'Base', kind: 'native', decimals: 18, stable: false },
    stablecoin('USDC', 'USDC-ARBITRUM', 'USD Coin (Arbitrum)', 'arbitrum', 'Arbitrum One', 6, 'USD Coin', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'),
    stablecoin('USDT', 'USDT-ARBITRUM', 'Tether USDT (Arbitrum)', 'arbitrum', 'Arbitrum One', 6, 'Tether USD', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'),
    {
      symbol: 'ETH-ARBITRUM',
      name: 'Ether (Arbitrum)',
      asset: 'ETH',
      network: 'arbitrum',
      networkText: 'Arbitrum One',
      kind: 'native',
      decimals: 18,
      stable: false,
    },
    // Tether's TRC-20 USDT (6 decimals), the Tron token most customers hold.
    stablecoin('USDT', 'USDT-TRON', 'Tether USDT (TRC-20)', 'tron', 'Tron TRC-20', 6, 'Tether USD', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
    { symbol: 'TRX', name: 'Tron (TRX)', asset: 'TRX', network: 'tron', networkText: 'Tron Network', kind: 'native', decimals: 6, stable: false },
    // Tether's USDT jetton on TON (6 decimals) and Toncoin (9), the coins Telegram's wallet holds.
    stablecoin('USDT', 'USDT-TON', 'Tether USDT (TON)', 'ton', 'TON jetton', 6, 'Tether USD', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'),
    { symbol: 'TON', name: 'Toncoin (TON)', asset: 'TON', network: 'ton', networkText: 'TON Network', kind: 'native', decimals: 9, stable: false },
  ],
};
