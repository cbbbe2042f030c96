import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { parse } from 'eth-url-parser';
import type { User } from 'grammy/types';
import { CATALOGS, CHAINS, feeText, parseUnits, ZOrderView, type WalletLinks, ZPaymentOptionsResponse, type TPaymentOptionsResponse } from '@topup/shared';
import { freeDevnetNetworks, startDevnet, type Devnet } from '../../api/src/chain/devnet';
import { NO_ORDER_LINKS, pendingPaymentKeyboard } from '../src/keyboards';
import { keyboard, startHarness, user, type Call, type Harness } from './harness';

/**
 * Coin, then network, in the chat: the coins the API offers (a network switched off is absent), then
 * the networks of the coin chosen, cheapest first, each with its typical fee as the API estimates it
 * from the nodes (a devnet node for Ethereum and one for Polygon; BSC is switched off), and the payment
 * message's buttons that open a wallet with the order filled in.
 */
let h: Harness;
let devnet: Devnet;
let options: TPaymentOptionsResponse;

beforeAll(async () => {
  const nodes = await freeDevnetNetworks();
  h = await startHarness({
    apiEnv: {
      ETHEREUM_RPC_URL: nodes.ethereum!.rpcUrl,
      POLYGON_RPC_URL: nodes.polygon!.rpcUrl,
      BSC_ENABLED: 'false',
      TRON_ENABLED: 'false',
      TON_ENABLED: 'false',
    },
  });
  devnet = await startDevnet({ networks: h.api.config.networks, dataDir: h.api.config.dataDir, log: pino({ level: 'silent' }) });
  // The first answer starts the fee estimates; the bot asks once they are in.
  await h.api.call('GET', '/api/payment-options');
  await h.api.services.networkFees.settled();
  options = ZPaymentOptionsResponse.parse((await h.api.call('GET', '/api/payment-options')).body);
}, 120_000);
afterAll(async () => {
  await devnet?.stop();
  await h?.close();
}, 60_000);

const sent = (calls: Call[]) => calls.filter((c) => c.method === 'sendMessage' || c.method === 'sendPhoto');
const buttons = (call: Call | undefined) =>
  keyboard(call)
    .flat()
    .map((b) => [b.text, 'callback_data' in b ? b.callback_data : 'url' in b ? b.url : '']);
const network = (symbol: string) => options.assets.flatMap((a) => a.networks).find((n) => n.symbol === symbol)!;

/** /recharge up to the coin step: Nigeria, MTN, $10, a number. */
async function toCoinStep(from: User): Promise<Call> {
  await h.say(from, '/recharge');
  await h.press(from, 'r:country:NG');
  await h.press(from, 'r:operator:141');
  await h.say(from, '10');
  // After the line that says which number was taken.
  const step = sent(await h.say(from, '803 123 4567'))[1]!;
  expect(step.payload.text).toContain('Step 5 of 6');
  return step;
}

describe('coin, then network', () => {
  it('has the fees from the nodes: a fraction of a cent on Polygon shows as a cent, Ethereum costs more', () => {
    expect(options.assets.map((a) => [a.asset, a.networks.map((n) => n.symbol)])).toEqual([
      ['USDT', ['USDT-POLYGON', 'USDT']],
      ['USDC', ['USDC-POLYGON', 'USDC']],
      ['ETH', ['ETH']],
      ['POL', ['POL']],
    ]);
    expect(network('USDT-POLYGON').typicalFee).toBe(1);
    // The devnet's base fee falls while its blocks are empty: Ethereum's shown fee may round to a cent too,
    // but the same gas valued in ETH always costs more than in POL.
    expect(network('USDT').typicalFee).toBeGreaterThanOrEqual(1);
    const fees = h.api.services.networkFees;
    expect(fees.current('ethereum')!.tokenUsdE8).toBeGreaterThan(fees.current('polygon')!.tokenUsdE8);
  });

  it('asks the coin (what the server offers), then its networks cheapest first with fee and time; a coin on one network asks nothing more', async () => {
    const ada = user(9201, 'Ada');
    const coinStep = await toCoinStep(ada);
    // BSC is switched off: no BNB, and USDT is not offered as BEP-20.
    expect(buttons(coinStep)).toEqual([
      ['Tether USDT', 'r:coin:USDT'],
      ['USD Coin (USDC)', 'r:coin:USDC'],
      ['Ethereum (ETH)', 'r:coin:ETH'],
      ['Polygon (POL)', 'r:coin:POL'],
      ['⬅️ Back', 'r:coin:back'],
    ]);

    const networkStep = sent(await h.press(ada, 'r:coin:USDT'))[0]!;
    const ethereumFee = feeText(network('USDT').typicalFee);
    expect(ethereumFee).toMatch(/^≈ \$\d+\.\d\d network fee$/);
    expect(networkStep.payload.text).toBe(
      [
        '🔗 <b>Network</b>',
        'You can send Tether USDT on these networks, cheapest first (the network fee is what your wallet pays for the transfer):',
        '• <b>Polygon</b> · Tether USDT (Polygon)',
        '   ≈ $0.01 network fee · under a minute',
        '• <b>Ethereum</b> · Tether USDT (ERC-20)',
        `   ${ethereumFee} · about 15 minutes`,
      ].join('\n'),
    );
    // One network a row, cheapest first, each with its fee.
    expect(keyboard(networkStep).map((row) => row.length)).toEqual([1, 1, 1]);
    expect(buttons(networkStep)).toEqual([
      ['Polygon · ≈ $0.01 network fee', 'r:network:USDT-POLYGON'],
      [`Ethereum · ${ethereumFee}`, 'r:network:USDT'],
      ['⬅️ Back', 'r:network:back'],
    ]);

    const review = sent(await h.press(ada, 'r:network:USDT-POLYGON'))[0]!;
    expect(review.payload.text).toContain('Review Order');
    expect(review.payload.text).toContain('Payment method: <b>Tether USDT (Polygon)</b>');
    expect(review.payload.text).toContain('Network: <b>Polygon · ≈ $0.01 network fee · under a minute</b>');
    expect(review.payload.text).toContain('<code>11</code> USDT-POLYGON');

    // Another coin: POL has one network, so the review comes at once.
    await h.press(ada, 'r:review:edit');
    await h.press(ada, 'r:edit:coin');
    const direct = sent(await h.press(ada, 'r:coin:POL'));
    expect(direct).toHaveLength(1);
    expect(direct[0]!.payload.text).toContain('Payment method: <b>Polygon (POL)</b>');
    expect(direct[0]!.payload.text).toContain('Network: <b>Polygon · ≈ $0.01 network fee · under a minute</b>');

    // Typed answers: the coin, then the network by its name.
    await h.press(ada, 'r:review:edit');
    await h.press(ada, 'r:edit:coin');
    expect(buttons(sent(await h.say(ada, 'usdc'))[0])).toEqual([
      ['Polygon · ≈ $0.01 network fee', 'r:network:USDC-POLYGON'],
      [`Ethereum · ${feeText(network('USDC').typicalFee)}`, 'r:network:USDC'],
      ['⬅️ Back', 'r:network:back'],
    ]);
    expect(sent(await h.say(ada, 'ethereum'))[0]!.payload.text).toContain('Payment method: <b>USD Coin (USDC)</b>');
    // A coin's own symbol names its network at once.
    await h.press(ada, 'r:review:edit');
    await h.press(ada, 'r:edit:coin');
    expect(sent(await h.say(ada, 'USDT-POLYGON'))[0]!.payload.text).toContain('Payment method: <b>Tether USDT (Polygon)</b>');
  });

  it('says the fee and the time in the user’s language', async () => {
    const bea = user(9202, 'Béa', 'fr');
    await h.say(bea, '/recharge');
    await h.press(bea, 'r:country:NG');
    await h.press(bea, 'r:operator:141');
    await h.say(bea, '10');
    await h.say(bea, '803 123 4567');
    const networkStep = sent(await h.press(bea, 'r:coin:USDC'))[0]!;
    expect(networkStep.payload.text).toContain('≈ 0,01\u00a0$US de frais de réseau · moins d’une minute');
    expect(buttons(networkStep)[0]).toEqual(['Polygon · ≈ 0,01\u00a0$US de frais de réseau', 'r:network:USDC-POLYGON']);
  });
});

describe('the payment message opens the wallet', () => {
  it('has a MetaMask button whose link reads back to the exact order, then Cancel; no Trust Wallet link on a devnet, no ethereum: link', async () => {
    const cy = user(9203, 'Cy');
    await toCoinStep(cy);
    await h.press(cy, 'r:coin:USDT');
    await h.press(cy, 'r:network:USDT-POLYGON');
    const photo = (await h.press(cy, 'r:review:confirm')).find((c) => c.method === 'sendPhoto')!;
    const res = await h.api.call('GET', '/api/orders', { headers: { 'x-service-token': h.api.config.botApiSecret, 'x-telegram-user-id': String(cy.id) } });
    const [order] = ZOrderView.array().parse(res.body);

    const rows = keyboard(photo);
    expect(rows.map((row) => row.map((b) => b.text))).toEqual([['👛 Open in MetaMask'], ['🔄 Check payment'], ['✖️ Cancel payment']]);
    expect(buttons(photo)[2]).toEqual(['✖️ Cancel payment', `pay:x:${order!.paymentId}`]);
    const link = buttons(photo)[0]![1]!;
    const prefix = 'https://link.metamask.io/send/';
    expect(link.startsWith(prefix)).toBe(true);
    // MetaMask reads the rest of its link as EIP-681, with eth-url-parser.
    const read = parse(`ethereum:${link.slice(prefix.length)}`);
    const polygon = h.api.config.networks.polygon!;
    expect(read).toMatchObject({
      scheme: 'ethereum',
      target_address: polygon.tokens['USDT-POLYGON'],
      chain_id: String(polygon.chainId),
      function_name: 'transfer',
      parameters: { address: order!.walletAddress },
    });
    expect(BigInt(read.parameters!.uint256!)).toBe(parseUnits(order!.cryptoAmount!, 6));
    expect(order!.cryptocurrency).toBe('USDT-POLYGON');
  });

  it('offers Trust Wallet where the network has a Trust Wallet id, and only https links', () => {
    const t = CATALOGS.en;
    // As the API's EVM adapter builds them for 11 USDT on Polygon.
    const token = CHAINS.requireCoin('USDT-POLYGON').token!.contract!;
    const to = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    const metamask = `https://link.metamask.io/send/${token}@137/transfer?address=${to}&uint256=11000000`;
    const trust = `https://link.trustwallet.com/send?asset=c966_t${token}&address=${to}&amount=11`;
    const links: WalletLinks = {
      uri: `ethereum:${token}@137/transfer?address=${to}&uint256=11000000`,
      apps: [
        { id: 'metamask', name: 'MetaMask', url: metamask },
        { id: 'trust', name: 'Trust Wallet', url: trust },
      ],
    };
    const rows = pendingPaymentKeyboard(t, { orderId: 7, paymentId: 'pay_0123456789abcdef', walletLinks: links }, NO_ORDER_LINKS).inline_keyboard;
    expect(rows.map((row) => row.map((b) => [b.text, 'url' in b ? b.url : 'callback_data' in b ? b.callback_data : '']))).toEqual([
      [['👛 Open in MetaMask', metamask]],
      [['👛 Open in Trust Wallet', trust]],
      [['🔄 Check payment', 'pay:c:7']],
      [['✖️ Cancel payment', 'pay:x:pay_0123456789abcdef']],
    ]);
    // Telegram refuses a URL button that is not HTTP(S) or tg://: a link of another scheme is left out.
    const odd = pendingPaymentKeyboard(
      t,
      {
        orderId: 7,
        paymentId: 'pay_0123456789abcdef',
        walletLinks: { ...links, apps: [links.apps[0]!, { id: 'trust', name: 'Trust Wallet', url: 'trust://send?asset=c966' }] },
      },
      NO_ORDER_LINKS,
    ).inline_keyboard;
    expect(odd.flat().map((b) => b.text)).toEqual(['👛 Open in MetaMask', '🔄 Check payment', '✖️ Cancel payment']);
  });
});
