import { SEND_FROM_WALLET_NOTE } from '../../constants';
import { PAYMENT_CHOICE_WORDS, type PaymentChoiceWords } from '../../payment-choice';

/**
 * Paying, on the web and in the mini-app: the payment screen and overlay (/recharge, /app, the
 * mini-app), the coin and network choice, the wallet buttons, /recharge's pay and success steps and
 * /app's payment step. The spec's words where it has them (its uppercase BACK and CANCEL included);
 * what `web` already says (amount to send, wallet address, the statuses) is taken from there.
 */
export const pay = {
  cancel: 'Cancel',
  back: 'BACK',
  cancelUpper: 'CANCEL',
  contactSupport: 'Contact Support',
  copy: 'Copy',
  copiedShort: 'COPIED',
  amount: 'Amount',
  /** A dollar amount where the spec writes "10.00 USD"; `amount` is already formatted in the language. */
  dollars: (p: { amount: string }) => `${p.amount} USD`,
  fromWallet: SEND_FROM_WALLET_NOTE,
  timeLeft: 'Time left to pay',
  qrAlt: 'Payment QR code',
  confirmations: (p: { n: number; m: number }) => `Confirmations: ${p.n} of ${p.m}`,
  confirmingHint: 'Your payment is on the chain; waiting for confirmations',
  processingHint: 'Your top-up is being sent',
  paymentCancelled: 'Payment Cancelled',
  transactionId: 'Transaction ID',

  /** The overlay's titles and results. */
  processingTitle: 'Processing Payment',
  completedTitle: 'Payment Completed',
  completedBody: 'Your payment was received and your top-up has been sent.',
  failedReceived: 'Your payment was received but the recharge could not be completed.',
  creditedNote: 'Its value has been credited to your balance.',
  /** "Its value is kept for you: [sign in] in this browser and it moves to your balance." around a link. */
  keptBefore: 'Its value is kept for you: ',
  keptLink: 'sign in',
  keptAfter: ' in this browser and it moves to your balance.',
  supportGreeting: (p: { paymentId: string }) => `Hello! My payment ${p.paymentId} was received but the recharge failed.`,

  /** A coin and its network in words, beside the amount to send (shared/src/payment-choice.ts coinInWords). */
  coinOnNetwork: (p: { coin: string; network: string }) => `${p.coin} on ${p.network}`,
  /** Another coin arrived at the order's address: it was credited (or is kept for an anonymous customer), the order still waits for its own. */
  wrongCoin: (p: { expected: string; amount: string; held: boolean; due: string }) =>
    `Another coin (not ${p.expected}) arrived at this address. Its value, ${p.amount}, ${p.held ? 'is kept for you: sign in in this browser and it moves to your balance' : 'was credited to your balance'}. This order still waits for ${p.due} ${p.expected}: send only that coin, or leave it to expire.`,

  /** A success screen's word on an over-payment: where the excess went (kept for an anonymous customer). */
  overpaid: (p: { amount: string; held: boolean }) =>
    `You sent more than was due: ${p.amount} ${p.held ? 'is kept for you: sign in in this browser and it moves to your balance' : 'was credited to your balance'}.`,

  /** The wallet buttons beside the QR code. */
  openInWalletApp: 'Open in a wallet app',
  openInWallet: 'Open in wallet',
  payWithConnectedWallet: 'Pay from the connected wallet',
  openIn: (p: { name: string }) => `Open in ${p.name}`,

  /** The coin, then its network. */
  loadingCoins: 'Loading the cryptocurrencies',
  cheapestFirst: 'cheapest first',
  choiceWords: PAYMENT_CHOICE_WORDS as PaymentChoiceWords,

  /** /recharge's pay and success steps. */
  emailOptional: 'Email (optional)',
  receiptHint: "We'll send your receipt to this address.",
  yourBalance: (p: { amount: string }) => `Your balance: ${p.amount}`,
  payFromBalance: (p: { amount: string }) => `Pay ${p.amount} from balance`,
  topup: 'Top-up',
  service: 'Service',
  recipient: 'Recipient',
  yourBalanceRecipient: 'Your balance',
  type: 'Type',
  viewDashboard: 'View Dashboard',

  /** /app's payment step and its amount checks. */
  noPaymentData: 'No payment data found',
  creatingPayment: 'Creating your payment',
  chooseOperatorAmount: (p: { operator: string }) => `Please choose one of ${p.operator}'s amounts.`,
  operatorAccepts: (p: { operator: string; min: string; max: string }) => `${p.operator} accepts amounts between ${p.min} and ${p.max}.`,

  /** The mini-app's orders. */
  loadingOrders: 'Loading orders',
  orders: 'Orders',
};

export type WebPayMessages = typeof pay;
