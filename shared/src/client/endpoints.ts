import { z } from 'zod';
import type { TCoinSymbol } from '../coins';
import * as admin from '../schemas/admin';
import * as adminSupport from '../schemas/admin-support';
import * as treasury from '../schemas/treasury';
import {
  ZBalance,
  ZNotifications,
  ZNotificationsAck,
  ZOk,
  ZOpenOrderMessages,
  ZOrderMessage,
  ZSessionRead,
  ZSessionSaved,
  ZSessionWrite,
} from '../schemas/bot';
import {
  ZAmountOption,
  ZCountry,
  ZDetectPhoneRequest,
  ZDetectPhoneResponse,
  ZOperator,
  ZValidatePhoneRequest,
  ZValidatePhoneResponse,
} from '../schemas/catalog';
import type { TServiceType } from '../schemas/common';
import { ZPaymentOptionsResponse } from '../schemas/coins';
import {
  ZCancelResponse,
  ZCancelTransactionRequest,
  ZCreatePaymentRequest,
  ZCryptoPaymentRequest,
  ZOrderView,
  ZPaymentCreated,
  ZPaymentStatus,
  ZReleaseRequest,
} from '../schemas/orders';
import { ZRecipient, ZRecipients, ZRenameRecipient } from '../schemas/recipients';
import { ZOpenOrder, ZOrderStory } from '../schemas/story';
import { ZSystemStatus } from '../schemas/system';
import { ZSupportConversation, ZSupportMessageRequest } from '../schemas/support';
import { ZCoinsResponse, ZPricingSettings, ZQuote, type TOrderKind } from '../schemas/pricing';
import { endpoint, withQuery } from './request';

/**
 * The API's calls as the bot and the admin console make them: method, path, request and response
 * schemas. (The web app names its calls where it makes them, with schemas it loads lazily.)
 */

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The customer-facing calls (spec section 7). */
export const API = {
  countries: endpoint({ method: 'GET', path: '/api/countries', response: z.array(ZCountry) }),
  /** `country`: the numeric id or the two-letter code. */
  operators: endpoint({
    method: 'GET',
    path: (p: { country: string | number; serviceType?: TServiceType }) =>
      withQuery(`/api/countries/${segment(p.country)}/operators`, { serviceType: p.serviceType }),
    response: z.array(ZOperator),
  }),
  amounts: endpoint({
    method: 'GET',
    path: (p: { operatorId: number; serviceType: TServiceType }) => withQuery(`/api/operators/${p.operatorId}/amounts`, { serviceType: p.serviceType }),
    response: z.array(ZAmountOption),
  }),
  coins: endpoint({ method: 'GET', path: '/api/coins', response: ZCoinsResponse }),
  /** The coins by asset, then network (cheapest first), with each network's typical fee and time to count. */
  paymentOptions: endpoint({ method: 'GET', path: '/api/payment-options', response: ZPaymentOptionsResponse }),
  /** The same as the Telegram surfaces (the bot, the mini-app) offer them: the networks Telegram's rules allow there. */
  telegramPaymentOptions: endpoint({ method: 'GET', path: '/api/payment-options?surface=telegram', response: ZPaymentOptionsResponse }),
  pricing: endpoint({ method: 'GET', path: '/api/pricing', response: ZPricingSettings }),
  validatePhone: endpoint({ method: 'POST', path: '/api/validate/phone', body: ZValidatePhoneRequest, response: ZValidatePhoneResponse }),
  detectPhone: endpoint({ method: 'POST', path: '/api/phone/detect', body: ZDetectPhoneRequest, response: ZDetectPhoneResponse }),
  /**
   * What an order of `amount` (US dollars as decimal text) costs, and its total in `coin` when given;
   * with `operatorId`, what the recipient gets; or, for a range operator, the order that gives the
   * recipient `localAmount` (decimal text in the operator's currency) instead of `amount`.
   */
  quote: endpoint({
    method: 'GET',
    path: (
      p: { kind?: TOrderKind; coin?: TCoinSymbol; operatorId?: number } & (
        { amount: string; localAmount?: undefined } | { amount?: undefined; localAmount: string; operatorId: number }
      ),
    ) => withQuery('/api/quote', p),
    response: ZQuote,
  }),
  createPayment: endpoint({ method: 'POST', path: '/api/crypto-payment', body: ZCryptoPaymentRequest, response: ZPaymentCreated }),
  /** The compact flow's payload (spec section 7). */
  createCompactPayment: endpoint({ method: 'POST', path: '/api/create-payment', body: ZCreatePaymentRequest, response: ZPaymentCreated }),
  paymentStatus: endpoint({ method: 'GET', path: (p: { orderId: number }) => `/api/payment-status/${p.orderId}`, response: ZPaymentStatus }),
  /** Back on the payment screen: answered, the order stays payable (leaving is not cancelling). */
  releaseWallet: endpoint({ method: 'POST', path: '/api/release-wallet', body: ZReleaseRequest, response: ZCancelResponse }),
  /** The explicit Cancel: 409 with CANCEL_REFUSED_FUNDS_MESSAGE once funds arrived. */
  cancelTransaction: endpoint({ method: 'POST', path: '/api/cancel-transaction', body: ZCancelTransactionRequest, response: ZCancelResponse }),
  orders: endpoint({ method: 'GET', path: '/api/orders', response: z.array(ZOrderView) }),
  /** The caller's newest unfinished order, to bring its payment screen back (null when none). */
  openOrder: endpoint({ method: 'GET', path: '/api/orders/open', response: ZOpenOrder }),
  /**
   * The order page: `ref` is the order id or its payment id; the caller proves ownership (order token in
   * X-Order-Token, session, Telegram) or sends `token` (the order token or the receipt's read-only token).
   */
  orderStory: endpoint({
    method: 'GET',
    path: (p: { ref: number | string; token?: string }) => withQuery(`/api/orders/${segment(p.ref)}/story`, { token: p.token }),
    response: ZOrderStory,
  }),
  balance: endpoint({ method: 'GET', path: '/api/balance', response: ZBalance }),
  /** A payout on chain of the balance (signed in) or of an anonymous order's held credit (its order token); an admin approves it. */
  requestPayout: endpoint({ method: 'POST', path: '/api/payouts', body: treasury.ZPayoutRequest, response: treasury.ZPayoutDone }),
  /** The caller's recent recipients (a signed-in customer, the mini-app's or the bot's Telegram user). */
  recipients: endpoint({ method: 'GET', path: '/api/recipients', response: ZRecipients }),
  /** Names one of them ("Mum"); `id` is the number's digits. */
  renameRecipient: endpoint({ method: 'PATCH', path: (p: { id: string }) => `/api/recipients/${segment(p.id)}`, body: ZRenameRecipient, response: ZRecipient }),
  /** Takes one off the list (until the customer tops that number up again). */
  removeRecipient: endpoint({ method: 'DELETE', path: (p: { id: string }) => `/api/recipients/${segment(p.id)}`, response: ZOk }),
  /** The caller's support conversation (a visitor sends its token in `x-support-token`). */
  supportConversation: endpoint({ method: 'GET', path: '/api/support/messages', response: ZSupportConversation }),
  sendSupportMessage: endpoint({ method: 'POST', path: '/api/support/messages', body: ZSupportMessageRequest, response: ZSupportConversation }),
};

/** The bot's own calls (service credential only). */
export const BOT_API = {
  readSession: endpoint({ method: 'GET', path: (p: { key: string }) => `/api/bot/sessions/${segment(p.key)}`, response: ZSessionRead }),
  writeSession: endpoint({ method: 'PUT', path: (p: { key: string }) => `/api/bot/sessions/${segment(p.key)}`, body: ZSessionWrite, response: ZSessionSaved }),
  deleteSession: endpoint({
    method: 'DELETE',
    path: (p: { key: string; version?: number }) => withQuery(`/api/bot/sessions/${segment(p.key)}`, { version: p.version }),
    response: ZOk,
  }),
  takeNotifications: endpoint({ method: 'GET', path: (p: { limit: number }) => withQuery('/api/bot/notifications', p), response: ZNotifications }),
  ackNotifications: endpoint({ method: 'POST', path: '/api/bot/notifications/ack', body: ZNotificationsAck, response: ZOk }),
  orderMessage: endpoint({ method: 'POST', path: (p: { orderId: number }) => `/api/bot/orders/${p.orderId}/message`, body: ZOrderMessage, response: ZOk }),
  openOrderMessages: endpoint({
    method: 'GET',
    path: (p: { hours: number }) => withQuery('/api/bot/orders/messages', p),
    response: ZOpenOrderMessages,
  }),
};

/** The admin console's calls (spec sections 7 and 8). */
export const ADMIN_API = {
  login: endpoint({ method: 'POST', path: '/api/admin/login', body: admin.ZAdminLoginRequest, response: admin.ZAdminLoginResponse }),
  logout: endpoint({ method: 'POST', path: '/api/admin/logout', response: admin.ZAdminDone }),
  me: endpoint({ method: 'GET', path: '/api/admin/me', response: admin.ZAdminMe }),
  totpSetup: endpoint({ method: 'POST', path: '/api/admin/totp/setup', response: admin.ZTotpSetup }),
  totpEnable: endpoint({ method: 'POST', path: '/api/admin/totp/enable', body: admin.ZTotpCode, response: admin.ZAdminDone }),
  totpDisable: endpoint({ method: 'POST', path: '/api/admin/totp/disable', body: admin.ZTotpCode, response: admin.ZAdminDone }),
  stats: endpoint({ method: 'GET', path: '/api/admin/stats', response: admin.ZAdminStats }),
  /** A page of orders (the total is the X-Total-Count header); `format: 'csv'` exports them all. */
  orders: endpoint({ method: 'GET', path: (q: admin.TAdminOrdersQueryInput) => withQuery('/api/admin/orders', q), response: admin.ZAdminOrders }),
  /** Admins only: an order that never received funds. */
  deleteOrder: endpoint({ method: 'DELETE', path: (p: { id: number }) => `/api/orders/${p.id}`, response: admin.ZAdminDone }),
  users: endpoint({ method: 'GET', path: '/api/admin/users', response: admin.ZAdminUsers }),
  adjustBalance: endpoint({
    method: 'POST',
    path: (p: { action: admin.TBalanceAction }) => `/api/admin/${p.action}-balance`,
    body: admin.ZBalanceAdjustmentRequest,
    response: admin.ZBalanceAdjusted,
  }),
  manualTopup: endpoint({ method: 'POST', path: '/api/admin/manual-topup', body: admin.ZManualTopupRequest, response: admin.ZManualTopupDone }),
  changePassword: endpoint({ method: 'POST', path: '/api/admin/change-password', body: admin.ZChangePasswordRequest, response: admin.ZAdminDone }),
  changeEmail: endpoint({ method: 'POST', path: '/api/admin/change-email', body: admin.ZChangeEmailRequest, response: admin.ZAdminDone }),
  changeSignInEmail: endpoint({ method: 'POST', path: '/api/admin/change-signin-email', body: admin.ZChangeSignInEmailRequest, response: admin.ZAdminDone }),
  settings: endpoint({ method: 'GET', path: '/api/admin/settings', response: admin.ZAdminSettings }),
  saveSettings: endpoint({ method: 'PUT', path: '/api/admin/settings', body: admin.ZSettingsRequest, response: admin.ZSettingsSaved }),
  audit: endpoint({ method: 'GET', path: (p: { page: number; pageSize: number }) => withQuery('/api/admin/audit', p), response: admin.ZAuditLog }),
  alerts: endpoint({ method: 'GET', path: '/api/admin/alerts', response: admin.ZAlerts }),
  /** The readiness checks with their details (the same round as GET /api/ready). */
  system: endpoint({ method: 'GET', path: '/api/admin/system', response: ZSystemStatus }),
  /** The staff accounts and their roles, invitations, a role changed, an account removed (owners). */
  team: endpoint({ method: 'GET', path: '/api/admin/team', response: admin.ZTeam }),
  invite: endpoint({ method: 'POST', path: '/api/admin/team/invitations', body: admin.ZInvitationRequest, response: admin.ZInvitationSent }),
  acceptInvitation: endpoint({ method: 'POST', path: '/api/admin/team/invitations/accept', body: admin.ZInvitationAccept, response: admin.ZAdminDone }),
  changeRole: endpoint({ method: 'PUT', path: (p: { id: number }) => `/api/admin/team/${p.id}`, body: admin.ZRoleChange, response: admin.ZAdminDone }),
  removeMember: endpoint({ method: 'DELETE', path: (p: { id: number }) => `/api/admin/team/${p.id}`, response: admin.ZAdminDone }),
  unmatchedPayments: endpoint({ method: 'GET', path: '/api/admin/payments/unmatched', response: admin.ZUnmatchedPayments }),
  /** A payment that reached no order, applied to an order as if it had come for it; once. */
  matchPayment: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/payments/${p.id}/match`,
    body: admin.ZPaymentMatchRequest,
    response: admin.ZOrderActionDone,
  }),
  /** A payment that reached no order, its value credited to a customer's balance; once. */
  creditPayment: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/payments/${p.id}/credit`,
    body: admin.ZPaymentCreditRequest,
    response: admin.ZOrderCredited,
  }),
  /** Per network and coin: received, swept, pending and dust; the fees the sweeps paid. */
  sweeps: endpoint({ method: 'GET', path: '/api/admin/sweeps', response: treasury.ZSweepSummary }),
  /** The sweep tool's calls: what to plan from, and the record of each transaction it signs. */
  sweepSources: endpoint({ method: 'GET', path: (q: { network?: string }) => withQuery('/api/admin/sweeps/sources', q), response: treasury.ZSweepSources }),
  recordTransfer: endpoint({
    method: 'POST',
    path: '/api/admin/sweeps/transfers',
    body: treasury.ZRecordTransferRequest,
    response: treasury.ZTransferRecorded,
  }),
  settleTransfer: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/sweeps/transfers/${p.id}/settle`,
    body: treasury.ZSettleTransferRequest,
    response: treasury.ZTransferRecorded,
  }),
  sweepLeftovers: endpoint({ method: 'POST', path: '/api/admin/sweeps/leftovers', body: treasury.ZLeftoversRequest, response: treasury.ZTreasuryDone }),
  payouts: endpoint({ method: 'GET', path: (q: { status?: treasury.TPayout['status'] }) => withQuery('/api/admin/payouts', q), response: treasury.ZPayouts }),
  requestPayoutFor: endpoint({ method: 'POST', path: '/api/admin/payouts', body: treasury.ZAdminPayoutRequest, response: treasury.ZPayoutDone }),
  decidePayout: endpoint({
    method: 'POST',
    path: (p: { id: number; decision: 'approve' | 'reject' }) => `/api/admin/payouts/${p.id}/${p.decision}`,
    body: treasury.ZPayoutDecision,
    response: treasury.ZPayoutDone,
  }),
  /** The reconciliation report; `format: 'csv'` downloads it as a table. */
  reconciliation: endpoint({
    method: 'GET',
    path: (q: { format?: 'csv' }) => withQuery('/api/admin/reconciliation', q),
    response: treasury.ZReconciliation,
  }),
  /** One order with its payments, ledger entries and the actions it allows. */
  order: endpoint({ method: 'GET', path: (p: { id: number }) => `/api/admin/orders/${p.id}`, response: admin.ZAdminOrderDetail }),
  markPaid: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/orders/${p.id}/mark-paid`,
    body: admin.ZOrderActionRequest,
    response: admin.ZOrderActionDone,
  }),
  /** Sends a failed order's top-up again as a new order, once. */
  resendOrder: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/orders/${p.id}/resend`,
    body: admin.ZOrderActionRequest,
    response: admin.ZOrderActionDone,
  }),
  creditOrder: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/orders/${p.id}/credit`,
    body: admin.ZOrderCreditRequest,
    response: admin.ZOrderCredited,
  }),
  refundOrder: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/orders/${p.id}/refund`,
    body: admin.ZOrderRefundRequest,
    response: admin.ZOrderCredited,
  }),
  /** The support inbox: conversations newest first (the total in X-Total-Count). */
  supportThreads: endpoint({
    method: 'GET',
    path: (p: { page: number; pageSize: number }) => withQuery('/api/admin/support/threads', p),
    response: adminSupport.ZSupportThreads,
  }),
  supportUnread: endpoint({ method: 'GET', path: '/api/admin/support/unread', response: adminSupport.ZSupportUnread }),
  supportThread: endpoint({ method: 'GET', path: (p: { id: number }) => `/api/admin/support/threads/${p.id}`, response: adminSupport.ZSupportThread }),
  /** Marks a conversation read up to a message. */
  supportRead: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/support/threads/${p.id}/read`,
    body: admin.ZSupportReadRequest,
    response: admin.ZAdminDone,
  }),
  supportReply: endpoint({
    method: 'POST',
    path: (p: { id: number }) => `/api/admin/support/threads/${p.id}/reply`,
    body: admin.ZSupportReplyRequest,
    response: adminSupport.ZSupportReplied,
  }),
};
