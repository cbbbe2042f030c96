import type { EmailMessages } from '../en/email';

export const email: EmailMessages = {
  receiptPaid: {
    subject: (p) => `Paiement reçu – commande n° ${p.orderId}`,
    body: (p) => `Nous avons bien reçu votre paiement de ${p.paid}. Votre recharge est en route.`,
  },
  receiptCompleted: {
    subject: (p) => (p.balanceTopup ? `Votre solde a été rechargé – commande n° ${p.orderId}` : `Votre recharge a été envoyée – commande n° ${p.orderId}`),
    body: (p) => `C'est fait\u00a0: ${p.what}.${p.transactionId ? ` Identifiant de transaction\u00a0: ${p.transactionId}.` : ''}`,
  },
  receiptFailed: {
    subject: (p) => `Échec de la recharge – ${p.credited} crédités sur votre solde – commande n° ${p.orderId}`,
    body: (p) =>
      `Nous n'avons pas pu livrer ${p.what}. Rien n'est perdu\u00a0: ${p.credited} ont été crédités sur votre solde\u00a0; utilisez-les pour votre prochaine recharge.`,
  },
  receiptFailedHeld: {
    subject: (p) => `Échec de la recharge – ${p.credited} gardés pour vous – commande n° ${p.orderId}`,
    body: (p) =>
      `Nous n'avons pas pu livrer ${p.what}. Rien n'est perdu\u00a0: ${p.credited} sont gardés pour vous. Connectez-vous avec cette adresse e-mail (${p.email}) pour les utiliser\u00a0: ils seront sur votre solde dès votre connexion.`,
  },
  receiptOther: { subject: (p) => `Commande n° ${p.orderId}\u00a0: ${p.status}` },
  whatRecharge: (p) => `${p.amount} de crédit pour le ${p.phone} (${p.operator})`,
  whatBalanceTopup: (p) => `le rechargement du solde de ${p.amount}`,
  paidAmount: (p) => `${p.crypto} (${p.usd})`,
  footer: (p) => `Commande\u00a0: n° ${p.orderId}\nPayé\u00a0: ${p.paid}`,
  orderLink: (p) => `Retrouvez votre commande à tout moment\u00a0: ${p.url}`,
  thanks: "Merci d'utiliser notre service.",

  supportReply: {
    subject: (p) => `Re\u00a0: votre message au support${p.orderId === null ? '' : ` à propos de la commande n° ${p.orderId}`}`,
    youWrote: 'Vous avez écrit\u00a0:',
    seeOrder: (p) => `Voir votre commande\u00a0: ${p.url}`,
    howToAnswer: 'Pour répondre, rouvrez le chat en direct de notre site (dans le même navigateur, ou en étant connecté).',
  },

  signInCode: {
    subject: (p) => `Votre code de connexion\u00a0: ${p.code}`,
    body: (p) => `Votre code de connexion est ${p.code}. Il est valable 10 minutes.\n\nSi vous ne l'avez pas demandé, ignorez ce message.`,
  },
};
