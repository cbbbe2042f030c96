import type { WebPayMessages } from '../en/web-pay';
import { formatUsdIn } from '../format';

const NB = '\u00a0';

export const pay: WebPayMessages = {
  cancel: 'Annuler',
  back: 'RETOUR',
  cancelUpper: 'ANNULER',
  contactSupport: 'Contacter le support',
  copy: 'Copier',
  copiedShort: 'COPIÉ',
  amount: 'Montant',
  dollars: (p) => p.amount,
  fromWallet: 'Envoyez à cette adresse, depuis un portefeuille. N’envoyez jamais au contrat du jeton\u00a0: les jetons envoyés là sont perdus.',
  coinOnNetwork: (p) => `${p.coin} sur ${p.network}`,
  wrongCoin: (p) =>
    `Une autre cryptomonnaie (pas ${p.expected}) est arrivée à cette adresse. Sa valeur, ${p.amount}, ${p.held ? `est gardée pour vous${NB}: connectez-vous dans ce navigateur et elle passera sur votre solde` : 'a été créditée sur votre solde'}. Cette commande attend toujours ${p.due} ${p.expected}${NB}: envoyez uniquement cette cryptomonnaie, ou laissez-la expirer.`,
  overpaid: (p) =>
    `Vous avez envoyé plus que dû${NB}: ${p.amount} ${p.held ? `est gardé pour vous${NB}: connectez-vous dans ce navigateur et il passera sur votre solde` : 'a été crédité sur votre solde'}.`,
  timeLeft: 'Temps restant pour payer',
  qrAlt: 'QR code du paiement',
  confirmations: (p) => `Confirmations${NB}: ${p.n} sur ${p.m}`,
  confirmingHint: `Votre paiement est sur la blockchain${NB}; en attente des confirmations`,
  processingHint: 'Votre recharge est en cours d’envoi',
  paymentCancelled: 'Paiement annulé',
  transactionId: 'ID de transaction',

  processingTitle: 'Paiement en cours',
  completedTitle: 'Paiement effectué',
  completedBody: 'Votre paiement a été reçu et votre recharge a été envoyée.',
  failedReceived: 'Votre paiement a été reçu mais la recharge n’a pas pu être effectuée.',
  creditedNote: 'Sa valeur a été créditée sur votre solde.',
  keptBefore: `Sa valeur est gardée pour vous${NB}: `,
  keptLink: 'connectez-vous',
  keptAfter: ' dans ce navigateur et elle passera sur votre solde.',
  supportGreeting: (p) => `Bonjour${NB}! Mon paiement ${p.paymentId} a été reçu mais la recharge a échoué.`,

  openInWalletApp: 'Ouvrir dans une application de portefeuille',
  openInWallet: 'Ouvrir dans le portefeuille',
  payWithConnectedWallet: 'Payer depuis le portefeuille connecté',
  openIn: (p) => `Ouvrir dans ${p.name}`,

  loadingCoins: 'Chargement des cryptomonnaies',
  cheapestFirst: 'du moins cher au plus cher',
  choiceWords: {
    usd: (cents) => formatUsdIn('fr', cents),
    fee: (amount) => `≈ ${amount} de frais de réseau`,
    feeUnknown: 'frais de réseau inconnus',
    underAMinute: 'moins d’une minute',
    aboutMinutes: (minutes) => (minutes === 1 ? 'environ une minute' : `environ ${minutes} minutes`),
  },

  emailOptional: 'E-mail (facultatif)',
  receiptHint: 'Nous enverrons votre reçu à cette adresse.',
  yourBalance: (p) => `Votre solde${NB}: ${p.amount}`,
  payFromBalance: (p) => `Payer ${p.amount} avec le solde`,
  topup: 'Recharge',
  service: 'Service',
  recipient: 'Destinataire',
  yourBalanceRecipient: 'Votre solde',
  type: 'Type',
  viewDashboard: 'Voir le tableau de bord',

  noPaymentData: 'Aucune donnée de paiement trouvée',
  creatingPayment: 'Création de votre paiement',
  chooseOperatorAmount: (p) => `Choisissez l’un des montants de ${p.operator}.`,
  operatorAccepts: (p) => `${p.operator} accepte les montants de ${p.min} à ${p.max}.`,

  loadingOrders: 'Chargement des commandes',
  orders: 'Commandes',
};
