import { HDNodeWallet } from 'ethers';

/** A complete production configuration that passes every production check (tests change one setting at a time). */
export const productionEnv: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://topup@db:5432/topup',
  DEPOSIT_XPUB: HDNodeWallet.fromPhrase('legal winner thank year wave sausage worth useful legal winner thank yellow', undefined, "m/44'/60'/0'/0").neuter()
    .extendedKey,
  ORDER_TOKEN_SECRET: 'c2f1b8e07d9a4f3b6e5d2c1a0f9e8d7c6b5a4f3e',
  BOT_API_SECRET: 'Q7m-Rt2xVb9LpK4sNz8WcY1hJd6Fg3Ue0Ao5Iq',
  AIRTIME_PROVIDER: 'reloadly',
  RELOADLY_CLIENT_ID: 'id',
  RELOADLY_CLIENT_SECRET: 'secret',
  RELOADLY_ENVIRONMENT: 'production',
  PRICE_FEED: 'coingecko',
  ADMIN_EMAIL: 'ops@topup.example.org',
  ADMIN_PASSWORD: 'a-real-password',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
  PUBLIC_URL: 'https://topup.example.org',
  ETHEREUM_RPC_URL: 'https://eth.example.com',
  BSC_RPC_URL: 'https://bsc.example.com',
  POLYGON_RPC_URL: 'https://polygon.example.com',
};
