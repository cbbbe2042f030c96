import type { SentenceParams, WebOrderMessages } from '../en/web-order';
import { claimWay, type TOrderDisplay } from '../../order-display';

const NB = '\u00a0';

/** How a held credit is claimed: only the ways the order has (order-display.ts `claimWay`). */
const SIGN_IN_WITH: Record<ReturnType<typeof claimWay>, string> = {
  email_telegram: 'connectez-vous avec l’adresse e-mail de cette commande (ou son compte Telegram)',
  email: 'connectez-vous avec l’adresse e-mail de cette commande',
  telegram: 'connectez-vous avec le compte Telegram qui a passé la commande',
  browser: 'connectez-vous dans le navigateur qui a passé la commande',
};

/** « 11,00 $ a été crédité sur votre solde » / « … est gardé pour vous : … ». */
function creditedWhere(credit: NonNullable<TOrderDisplay['credit']>, f: Pick<SentenceParams, 'usd'>): string {
  return `${f.usd(credit.amount)} ${credit.place === 'held' ? `est gardé pour vous${NB}: ${SIGN_IN_WITH[claimWay(credit)]} pour l’utiliser` : 'a été crédité sur votre solde'}`;
}

function sentence(f: SentenceParams): string {
  const d = f.display;
  const coin = d.coin ?? '';
  const extra = d.credit && (d.flags.overpaid || d.flags.wrongCoin) ? ` Reçu en plus de la commande${NB}: ${creditedWhere(d.credit, f)}.` : '';
  switch (d.state) {
    case 'awaiting_payment':
      return `Envoyez ${d.due} ${coin} avant ${f.time(d.deadline!)}.${extra}`;
    case 'partly_paid':
      return `Paiement incomplet${NB}: ${d.received} sur ${d.due} ${coin} reçus${NB}; envoyez le reste avant ${f.time(d.deadline!)}, sinon il est crédité sur votre solde.${extra}`;
    case 'confirming':
      return `Paiement vu${NB}: confirmation ${d.confirmations?.n ?? 0}/${d.confirmations?.m ?? 1}.${extra}`;
    case 'paid':
      return d.sub === 'slow'
        ? `Paiement reçu${NB}; la recharge prend plus de temps que d’habitude. Contactez le support avec le numéro de commande.`
        : `Paiement reçu - recharge en cours...${extra}`;
    case 'delivering':
      return d.sub === 'slow'
        ? 'L’opérateur prend plus de temps que d’habitude. Contactez le support avec le numéro de commande.'
        : `Envoi de la recharge à l’opérateur...${extra}`;
    case 'completed':
      return `Recharge effectuée${NB}!${extra}`;
    case 'failed_credited':
      if (d.sub === 'resent') return `La recharge n’a pas pu être livrée${NB}; le support l’a renvoyée.`;
      return d.credit
        ? `La recharge n’a pas pu être livrée. ${creditedWhere(d.credit, f)}.`
        : 'La recharge n’a pas pu être livrée. Contactez le support avec le numéro de commande.';
    case 'expired':
      return `Délai de paiement expiré. Rien n’a été reçu.${extra}`;
    case 'expired_credited':
      return `Délai de paiement expiré. Ce qui est arrivé (${d.received ?? '0'} ${coin})${NB}: ${d.credit ? creditedWhere(d.credit, f) : 'crédité'}.`;
    case 'cancelled':
      return d.credit ? `Paiement annulé. Ce qui est arrivé ensuite${NB}: ${creditedWhere(d.credit, f)}.` : 'Paiement annulé.';
  }
  return '';
}

export const order: WebOrderMessages = {
  title: (p) => `Commande n°${NB}${p.orderId}`,
  loading: 'Chargement de la commande...',
  notFound: 'Cette commande est introuvable, ou ce lien ne permet pas de l’ouvrir.',
  loadFailed: 'La commande n’a pas pu être chargée. Veuillez réessayer.',
  allOrders: 'Toutes les commandes',
  openInTelegram: 'Ouvrir dans Telegram',
  sentence,
  amountsTitle: 'Paiement',
  due: 'Dû',
  received: 'Reçu',
  remaining: 'Reste à envoyer',
  sendBefore: (p) => `Envoyez-le avant ${p.time}.`,
  onlyTheRest: `Envoyez seulement ce montant${NB}: ce qui est déjà arrivé compte.`,
  valueTitle: 'Où est allé l’argent',
  credit: (p) => `${p.amount}${NB}: ${p.reason}`,
  onBalance: 'sur votre solde',
  held: 'gardé pour vous jusqu’à votre connexion',
  resentAmount: (p) => `${p.amount} utilisés pour renvoyer la recharge`,
  nothingCredited: `Rien n’a été crédité${NB}: le paiement est allé à la commande.`,
  timelineTitle: 'Ce qui s’est passé',
  timeline: {
    created: 'Commande créée',
    payment_seen: 'Paiement vu',
    payment_removed: 'Paiement annulé par une réorganisation de la chaîne',
    underpaid: 'Moins que le montant dû est arrivé',
    paid: 'Payée',
    submitted: 'Recharge envoyée à l’opérateur',
    completed: 'Recharge livrée',
    failed: 'La recharge n’a pas pu être livrée',
    expired: 'Fin du délai de paiement',
    cancelled: 'Annulée',
    credited: 'Crédité',
    claimed: 'Transféré sur votre solde',
    resent: 'Renvoyée par le support',
    paid_out: 'Versé sur votre portefeuille',
  },
  creditReasons: {
    overpayment: 'Plus que le montant dû',
    late_payment: 'Arrivé après le délai, à un prix changé',
    underpayment: 'Moins que le montant dû, à la fin de la surveillance',
    wrong_coin: 'Une autre cryptomonnaie envoyée à l’adresse',
    failed_delivery: 'Remboursement d’une recharge non livrée',
  },
  confirmations: (p) => `confirmations${NB}: ${p.n}/${p.m}`,
  otherCoin: `autre cryptomonnaie${NB}: créditée sur le solde`,
  removed: 'annulé',
  transaction: 'Transaction blockchain',
  nextTitle: 'Que faire maintenant',
  nextActions: {
    pay: 'Payer maintenant',
    pay_rest: 'Envoyer le reste',
    pay_outside_telegram: 'Se paie hors de Telegram',
    wait: `Rien à faire${NB}: cette page se met à jour`,
    open_balance: 'Ouvrir votre solde',
    sign_in: 'Se connecter pour utiliser votre crédit',
    new_recharge: 'Recharger à nouveau ce numéro',
    contact_support: 'Contacter le support',
  },
  signInWith: (p) => `Connectez-vous avec ${p.email} pour retrouver ce crédit sur votre solde.`,
  signInTelegram: 'Connectez-vous avec le compte Telegram qui a passé la commande pour retrouver ce crédit sur votre solde.',
  signInBrowser: 'Connectez-vous dans le navigateur qui a passé la commande pour retrouver ce crédit sur votre solde.',
  supportReference: `Indiquez cette commande au support${NB}:`,
  contactSupport: 'Contacter le support',
  viewOrder: 'Voir la commande',
  receivedOf: (p) => `${p.received} sur ${p.due} ${p.coin} reçus.`,
  restToSend: 'Montant restant à envoyer',
  notCancelled: 'La commande n’a pas été annulée',
  maintenance: 'Les nouvelles commandes sont suspendues pour maintenance. Veuillez réessayer plus tard.',
  switchOperator: (p) => `Choisir ${p.operator}`,
  lapsed: 'Votre dernier paiement n’est plus ouvert (son délai est passé, ou il a été payé ou annulé). La page de sa commande dit ce qu’il est devenu.',
  resumeTitle: 'Vous avez un paiement en cours',
};
