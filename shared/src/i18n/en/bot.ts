import { SEND_FROM_WALLET_NOTE } from '../../constants';
import { flagEmoji } from '../../format';
import { escapeHtml as h } from '../html';
import { PAYMENT_CHOICE_WORDS } from '../../payment-choice';
import type { TCreditReason } from '../../order-display';

/**
 * The Telegram bot's texts (Telegram HTML: every function escapes its parameters). Where the spec
 * words a message, its wording is kept. Labels, statuses and API errors are in `common`.
 */
export const bot = {
  // Commands (setMyCommands)
  cmdStart: 'Start and open the menu',
  cmdRecharge: 'Top up a phone',
  cmdOrders: 'Your recent orders',
  cmdBalance: 'Your balance',
  cmdLanguage: 'Change the language',
  cmdSupport: 'Contact support',
  cmdHelp: 'What this bot can do',
  cmdCancel: 'Leave the current recharge',
  cmdPrivacy: 'Our privacy policy',
  cmdPaySupport: 'Help with a payment',
  paySupport: (p: { reference: string | null }) =>
    '<b>Help with a payment</b>\n' +
    (p.reference
      ? `Your latest order: <code>${h(p.reference)}</code>. Give this reference when you write to us`
      : 'You have no order yet. Tell us the address you paid to') +
    ', and the transaction hash from your wallet if you sent a payment. A payment is never lost: what cannot be delivered is credited to your balance.',
  menuButton: 'Recharge',

  welcome: (p: { name: string }) =>
    `👋 Welcome, <b>${h(p.name)}</b>!\n\nSend mobile airtime and data to phones around the world and pay with crypto.\n\nOpen the app, or recharge right here in the chat.`,
  btnOpenApp: '📱 Open the app',
  btnRechargeInChat: '⚡ Recharge in the chat',
  help:
    '<b>What I can do</b>\n' +
    '/recharge – top up a phone, step by step\n' +
    '/orders – your recent orders and their status\n' +
    '/balance – your balance (credits from failed top-ups), and add to it\n' +
    '/language – change the language\n' +
    '/support – contact support\n' +
    '/cancel – leave the current recharge\n\n' +
    'You can also send a full international number (e.g. +237 671 234 567) after /recharge: I find the country and the operator.',
  supportTitle: '<b>Need help?</b> Contact us:',
  supportEmail: (p: { email: string }) => `✉️ Email: ${h(p.email)}`,
  supportTelegram: (p: { handle: string }) => `💬 Telegram: ${h(p.handle)}`,
  supportWhatsapp: (p: { number: string }) => `📞 WhatsApp: ${h(p.number)}`,
  supportNone: 'Support contacts are not configured yet. Please try again later.',
  supportOrderHint: 'Please give your order number when you write to us.',
  supportReply: (p: { text: string; orderId: number | null }) =>
    `💬 <b>Support answered${p.orderId === null ? '' : ` about order #${p.orderId}`}:</b>\n\n${h(p.text)}\n\n<i>To answer, open the live chat on our web site, signed in with Telegram.</i>`,
  languagePrompt: 'Choose your language:',
  languageSet: '✅ Language set to English.',

  cancelled: 'Recharge cancelled. Send /recharge to start again.',
  nothingToCancel: 'There is nothing to cancel. Send /recharge to top up a phone.',
  staleButton: 'This button belongs to an earlier message and no longer works. Send /recharge to start again.',
  staleStep: 'That button is from an earlier step. Please use the latest message.',
  fallback: "I didn't get that. Send /recharge to top up a phone, or /help to see what I can do.",
  useButtons: 'Please choose with the buttons of the last message, or type your answer.',
  answerTooLong: 'That is too long to be an answer here. Please type just what this step asks for.',
  tooFast: 'You are sending messages very fast. Please wait a few seconds; I answer the ones that came first.',
  errorGeneric: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service cannot be reached right now. Please try again in a moment.',

  // Recharge conversation
  stepCountry: '🌍 <b>Step 1 of 6 · Country</b>\nChoose a popular country, type a country name, or send the full international number (e.g. +237 671 234 567).',
  errorLoadingCountries: 'Error loading countries. Please try again later.',
  countryNotFound: 'No country found. Check the spelling, or choose below.',
  countryCandidates: 'Did you mean one of these?',
  numberNotRecognised: (p: { error: string }) => `❌ ${h(p.error)}`,
  detected: (p: { country: string; operator: string | null }) =>
    p.operator ? `📍 Detected: <b>${h(p.country)}</b> · ${h(p.operator)}` : `📍 Detected: <b>${h(p.country)}</b>`,
  /** `name`: the country's name in this language. */
  stepOperator: (p: { code: string; name: string }) => `📶 <b>Step 2 of 6 · Operator</b>\nSelect Operator in ${flagEmoji(p.code)} ${h(p.name)}:`,
  noOperators: 'No operators available for this country.',
  errorLoadingOperators: 'Error loading operators. Please try again later.',
  stepAmount: (p: { operator: string }) => `💵 <b>Step 3 of 6 · Amount</b>\nChoose an amount for ${h(p.operator)}.`,
  customAmountHint: (p: { min: string; max: string }) => `Or type a custom amount between ${h(p.min)} and ${h(p.max)}.`,
  localAmountAdjusted: (p: { typed: string; got: string; usd: string }) =>
    `ℹ️ The operator sends ${h(p.got)}, not exactly ${h(p.typed)}: the nearest amount for a price in whole cents (${h(p.usd)}).`,
  noAmounts: 'No amounts available for this operator.',
  errorLoadingAmounts: 'Error loading top-up amounts. Please try again later.',
  amountNotANumber: 'Please type an amount in US dollars, e.g. 12.50.',
  amountOutOfRange: (p: { min: string; max: string }) => `Amount must be between ${h(p.min)} and ${h(p.max)}.`,
  amountNotOffered: (p: { operator: string; amounts: string }) => `${h(p.operator)} only sells these amounts: ${h(p.amounts)}. Choose one of the buttons.`,
  stepPhone: (p: { code: string; name: string; dialCode: string }) =>
    `📱 <b>Step 4 of 6 · Phone number</b>\nEnter the number to recharge in ${flagEmoji(p.code)} ${h(p.name)}.\nEnter just the local number without country code: <code>${h(p.dialCode)}</code> is added for you.`,
  btnShareContact: '📱 Use my own number',
  shareContactHint: 'Topping up your own phone? Tap “📱 Use my own number” below.',
  phoneChosen: (p: { phone: string }) => `📱 Number: <b>${h(p.phone)}</b>`,
  phoneInvalid: (p: { error: string }) => `❌ ${h(p.error)}\nPlease check the number and send it again.`,
  stepCoin: '🪙 <b>Step 5 of 6 · Cryptocurrency</b>\nWhich coin do you want to pay with? Then you choose the network to send it on.',
  stepNetwork: (p: { asset: string }) =>
    `🔗 <b>Network</b>\nYou can send ${h(p.asset)} on these networks, cheapest first (the network fee is what your wallet pays for the transfer):`,
  /** How the coin-then-network choice says a fee and a time (shared/src/payment-choice.ts). */
  choiceWords: PAYMENT_CHOICE_WORDS,
  reviewTitle: '🧾 <b>Step 6 of 6 · Review Order</b>',
  reviewNotice:
    '• You have 6 minutes to send the payment\n• The airtime is sent automatically once the payment is confirmed\n• Double-check the phone number\n• Send to the exact wallet address shown',
  priceUnavailable: '(price unavailable right now)',
  btnConfirm: '✅ Confirm',
  btnEdit: '✏️ Edit',
  btnCancel: '✖️ Cancel',
  editPrompt: 'What do you want to change?',
  btnEditCountry: '🌍 Country',
  btnEditOperator: '📶 Operator',
  btnEditAmount: '💵 Amount',
  btnEditPhone: '📱 Phone',
  btnEditCoin: '🪙 Coin',
  btnBackToReview: '↩️ Back to review',
  paymentFailed: (p: { error: string }) => `Failed to create payment. Please try again.\n<i>${h(p.error)}</i>`,
  reviewAgain: 'You can confirm again, edit the order or cancel.',

  // Payment message (photo caption, at most 1024 characters)
  payTitle: (p: { orderId: number }) => `💳 <b>Complete Payment</b> · order #${p.orderId}`,
  paySend: 'Send exactly:',
  payTo: 'To this address:',
  payComment: 'With this comment (memo); without it the payment cannot be matched to your order:',
  payNetwork: (p: { network: string }) => `🔗 Network: <b>${h(p.network)}</b>`,
  payExpires: (p: { time: string; minutes: number }) => `⏳ Expires at ${h(p.time)} UTC (${p.minutes} min left)`,
  payScan: (p: { coin: string }) => `Scan with your ${h(p.coin)} wallet app, or copy the amount and address (tap to copy).`,
  payImportant: 'Send the exact amount on this network only. The top-up is processed automatically.',
  payFromWallet: SEND_FROM_WALLET_NOTE,
  btnOpenIn: (p: { wallet: string }) => `👛 Open in ${p.wallet}`,
  btnCancelPayment: '✖️ Cancel payment',
  btnNewPayment: '🔄 Create New Payment',
  btnNewRecharge: '⚡ New recharge',
  statusWaiting: '⏳ Waiting for Payment...',
  statusConfirming: (p: { n: number; m: number }) => `🔄 Payment seen: confirming ${p.n}/${p.m}`,
  statusConfirmingPlain: '🔄 Payment seen: confirming',
  statusPaid: '✅ Payment Received - Processing Top-up...',
  statusProcessing: '⚙️ Sending the top-up...',
  statusCompleted: '🎉 Top-up Completed!',
  completedTo: (p: { amount: string; phone: string }) => `Your airtime has been successfully sent to ${h(p.phone)}: ${h(p.amount)}.`,
  transactionId: (p: { id: string }) => `Transaction id: <code>${h(p.id)}</code>`,
  statusFailed: '❌ Top-up Failed',
  failedCredit: (p: { amount: string }) =>
    `The payment was received but the recharge could not be completed. ${h(p.amount)} has been credited to your balance (/balance).`,
  statusExpired: '⌛ Payment Window Expired',
  expiredBody: 'Your 6-minute payment window has expired. The wallet address is no longer reserved. Please create a new payment request to continue.',
  statusCancelled: '✖️ Payment cancelled',
  paymentCancelled: 'Payment cancelled.',
  cancelRefused: (p: { error: string }) => `Cannot cancel: ${p.error}`,
  newPaymentNotPossible: 'This order is no longer waiting for a payment.',
  orderNotFound: 'Order not found.',
  orderSummary: (p: { phone: string; operator: string; amount: string; total: string }) =>
    `📱 ${h(p.phone)} · ${h(p.operator)}\n💵 ${h(p.amount)} · total ${h(p.total)}`,
  balanceTopupSummary: (p: { total: string }) => `💰 Balance top-up · ${h(p.total)}`,

  // Orders and balance
  ordersTitle: '🧾 <b>Order History</b>',
  ordersEmpty: "<b>No orders yet</b>\nYou haven't made any mobile recharges yet",
  btnFirstRecharge: 'Make Your First Recharge',
  ordersFailed: 'Failed to load order history. Please try again later.',
  ordersMore: (p: { count: number }) => `…and ${p.count} older.`,
  orderDetailsHint: 'Tap an order number to see it.',
  balance: (p: { amount: string }) => `💰 Your Balance: <b>${h(p.amount)}</b>\nCredits from failed top-ups and over-payments are kept here.`,
  balanceFailed: 'Failed to load your balance. Please try again later.',

  // Adding to the balance (from /balance): amount, coin and network, review, then the payment message
  btnAddBalance: '➕ Add to balance',
  topupStepAmount: (p: { min: string; max: string }) =>
    `💰 <b>Step 1 of 3 · Add to balance</b>\nHow much do you want to add? Choose an amount, or type one in US dollars between ${h(p.min)} and ${h(p.max)}.`,
  topupStepCoin: '🪙 <b>Step 2 of 3 · Cryptocurrency</b>\nWhich coin do you want to pay with? Then you choose the network to send it on.',
  topupReviewTitle: '🧾 <b>Step 3 of 3 · Review</b>',
  topupAmount: 'Added to your balance',
  topupReviewNotice:
    '• You have 6 minutes to send the payment\n• The amount is added to your balance once the payment is confirmed, with no service fee\n• Send to the exact wallet address shown',
  topupCancelled: 'Balance top-up cancelled. Send /balance to start again.',

  // The order's message, edited on every payment event
  orderTitle: (p: { orderId: number }) => `🧾 <b>Order #${p.orderId}</b>`,
  payRest: 'Send the rest:',
  payRestUntil: (p: { time: string }) => `⏳ The rest is taken until ${h(p.time)} UTC.`,
  received: (p: { received: string; due: string; coin: string }) => `📥 Received ${h(p.received)} of ${h(p.due)} ${h(p.coin)}.`,
  underpaid: (p: { received: string; due: string; coin: string; time: string }) =>
    `Underpaid: ${h(p.received)} of ${h(p.due)} ${h(p.coin)} received; send the rest until ${h(p.time)} UTC or it is credited to your balance.`,
  creditOnBalance: (p: { amount: string; why: string }) => `💰 ${h(p.amount)} was credited to your balance (/balance): ${h(p.why)}.`,
  creditHeld: (p: { amount: string; why: string }) =>
    `💰 ${h(p.amount)} is kept for you (${h(p.why)}): sign in with this order's e-mail address or Telegram account to use it.`,
  creditReasons: {
    overpayment: 'more than the amount due arrived',
    late_payment: 'the payment arrived after the window',
    underpayment: 'less than the amount due arrived',
    wrong_coin: 'another coin was sent to the address',
    failed_delivery: 'the top-up could not be delivered',
  } satisfies Record<TCreditReason, string>,
  resent: 'Support sent this top-up again.',
  slow: 'This takes longer than usual. Contact support with your order id.',
  btnCheckPayment: '🔄 Check payment',
  checked: (p: { status: string }) => `Status: ${p.status}`,
  btnSupport: '💬 Contact support',
  supportReference: (p: { reference: string }) => `Give this reference when you write to us: <code>${h(p.reference)}</code>`,
  btnBalance: '💰 My balance',
  btnTopUpAgain: '🔁 Top up again',
  paymentAlreadyCreated: 'The new payment is already in the chat, below.',
  cancelRefusedFunds:
    'This order cannot be cancelled: a payment for it has already arrived. Send the rest before the deadline shown; if it does not arrive in time, what arrived is credited to your balance. Nothing is lost.',
  cancelRefusedPaid: 'This order cannot be cancelled: it is paid and its top-up is on its way (or done).',

  // Recharge conversation: back, balance, the operator the number belongs to
  btnBack: '⬅️ Back',
  btnPayFromBalance: (p: { balance: string }) => `💰 Pay from my balance (${p.balance})`,
  paidFromBalance: (p: { balance: string }) => `✅ Paid from your balance; ${h(p.balance)} left on it. The top-up is on its way.`,
  operatorMismatch: (p: { detected: string; chosen: string }) =>
    `⚠️ This number belongs to <b>${h(p.detected)}</b>, not ${h(p.chosen)}. Switch to ${h(p.detected)}? (If the number moved to ${h(p.chosen)}, keep it.)`,
  btnSwitchOperator: (p: { name: string }) => `✅ Switch to ${p.name}`,
  btnKeepOperator: (p: { name: string }) => `Keep ${p.name}`,

  // Repeat in one tap, share
  recentsTitle: '🔁 <b>Top up again</b> (one tap, then confirm):',
  renamePrompt: (p: { phone: string }) => `✏️ Send a name for <code>${h(p.phone)}</code> (e.g. Mum), or "-" to remove its name.`,
  renamed: (p: { name: string }) => `✅ Saved as <b>${h(p.name)}</b>.`,
  nameRemoved: '✅ Name removed.',
  inlineTitle: '📲 Top me up',
  inlineDescription: (p: { phone: string }) => `Ask a friend to recharge ${p.phone}`,
  inlineNoNumber: 'Type your number with its country code, e.g. +237 677 12 34 56',
  inlineCard: (p: { name: string; phone: string }) =>
    `📲 <b>${h(p.name)}</b> asks you for a top-up of <code>${h(p.phone)}</code>.\nPay it in crypto in two taps:`,
  btnPayForFriend: '⚡ Top up this number',
};

export type BotMessages = typeof bot;
