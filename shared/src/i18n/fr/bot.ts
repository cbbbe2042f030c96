import { flagEmoji } from '../../format';
import { escapeHtml as h } from '../html';
import type { BotMessages } from '../en/bot';
import { inCountry } from './grammar';
import { pay } from './web-pay';

export const bot: BotMessages = {
  cmdStart: 'Démarrer et ouvrir le menu',
  cmdRecharge: 'Recharger un téléphone',
  cmdOrders: 'Vos commandes récentes',
  cmdBalance: 'Votre solde',
  cmdLanguage: 'Changer de langue',
  cmdSupport: 'Contacter le support',
  cmdHelp: 'Ce que fait ce bot',
  cmdCancel: 'Quitter la recharge en cours',
  cmdPrivacy: 'Notre politique de confidentialité',
  cmdPaySupport: 'Aide pour un paiement',
  paySupport: (p) =>
    '<b>Aide pour un paiement</b>\n' +
    (p.reference
      ? `Votre dernière commande\u00a0: <code>${h(p.reference)}</code>. Indiquez cette référence quand vous nous écrivez`
      : "Vous n'avez pas encore de commande. Indiquez-nous l'adresse à laquelle vous avez payé") +
    ', avec le hash de la transaction de votre portefeuille si vous avez envoyé un paiement. Un paiement n’est jamais perdu\u00a0: ce qui ne peut pas être livré est crédité sur votre solde.',
  menuButton: 'Recharger',

  welcome: (p) =>
    `👋 Bienvenue, <b>${h(p.name)}</b>\u00a0!\n\nEnvoyez du crédit et des forfaits data vers des téléphones du monde entier et payez en crypto.\n\nOuvrez l'application, ou rechargez directement ici dans le chat.`,
  btnOpenApp: "📱 Ouvrir l'application",
  btnRechargeInChat: '⚡ Recharger dans le chat',
  help:
    '<b>Ce que je sais faire</b>\n' +
    '/recharge – recharger un téléphone, étape par étape\n' +
    '/orders – vos commandes récentes et leur statut\n' +
    '/balance – votre solde (crédits des recharges échouées), et y ajouter\n' +
    '/language – changer de langue\n' +
    '/support – contacter le support\n' +
    '/cancel – quitter la recharge en cours\n\n' +
    'Après /recharge, vous pouvez aussi envoyer un numéro international complet (ex. +237 671 234 567)\u00a0: je trouve le pays et l’opérateur.',
  supportTitle: "<b>Besoin d'aide\u00a0?</b> Contactez-nous\u00a0:",
  supportEmail: (p) => `✉️ E-mail\u00a0: ${h(p.email)}`,
  supportTelegram: (p) => `💬 Telegram\u00a0: ${h(p.handle)}`,
  supportWhatsapp: (p) => `📞 WhatsApp\u00a0: ${h(p.number)}`,
  supportNone: 'Les contacts du support ne sont pas encore configurés. Veuillez réessayer plus tard.',
  supportOrderHint: 'Indiquez votre numéro de commande quand vous nous écrivez.',
  supportReply: (p) =>
    `💬 <b>Réponse du support${p.orderId === null ? '' : ` pour la commande n°${p.orderId}`}\u00a0:</b>\n\n${h(p.text)}\n\n<i>Pour répondre, ouvrez le chat en direct de notre site, connecté avec Telegram.</i>`,
  languagePrompt: 'Choisissez votre langue\u00a0:',
  languageSet: '✅ Langue réglée sur le français.',

  cancelled: 'Recharge annulée. Envoyez /recharge pour recommencer.',
  nothingToCancel: "Il n'y a rien à annuler. Envoyez /recharge pour recharger un téléphone.",
  staleButton: 'Ce bouton appartient à un ancien message et ne fonctionne plus. Envoyez /recharge pour recommencer.',
  staleStep: "Ce bouton vient d'une étape précédente. Utilisez le dernier message.",
  fallback: "Je n'ai pas compris. Envoyez /recharge pour recharger un téléphone, ou /help pour voir ce que je sais faire.",
  useButtons: 'Choisissez avec les boutons du dernier message, ou tapez votre réponse.',
  answerTooLong: "C'est trop long pour une réponse ici. Tapez seulement ce que cette étape demande.",
  tooFast: 'Vous envoyez des messages très vite. Patientez quelques secondes\u00a0; je réponds aux premiers arrivés.',
  errorGeneric: 'Une erreur est survenue de notre côté. Veuillez réessayer.',
  serviceUnavailable: 'Le service est injoignable pour le moment. Réessayez dans un instant.',

  stepCountry:
    "🌍 <b>Étape 1 sur 6 · Pays</b>\nChoisissez un pays populaire, tapez le nom d'un pays, ou envoyez le numéro international complet (ex. +237 671 234 567).",
  errorLoadingCountries: 'Erreur lors du chargement des pays. Veuillez réessayer plus tard.',
  countryNotFound: "Aucun pays trouvé. Vérifiez l'orthographe, ou choisissez ci-dessous.",
  countryCandidates: "Vouliez-vous dire l'un de ceux-ci\u00a0?",
  numberNotRecognised: (p) => `❌ ${h(p.error)}`,
  detected: (p) => (p.operator ? `📍 Détecté\u00a0: <b>${h(p.country)}</b> · ${h(p.operator)}` : `📍 Détecté\u00a0: <b>${h(p.country)}</b>`),
  stepOperator: (p) => `📶 <b>Étape 2 sur 6 · Opérateur</b>\nChoisissez l'opérateur ${h(inCountry(p.code, p.name))} ${flagEmoji(p.code)}\u00a0:`,
  noOperators: 'Aucun opérateur disponible pour ce pays.',
  errorLoadingOperators: 'Erreur lors du chargement des opérateurs. Veuillez réessayer plus tard.',
  stepAmount: (p) => `💵 <b>Étape 3 sur 6 · Montant</b>\nChoisissez un montant pour ${h(p.operator)}.`,
  customAmountHint: (p) => `Ou tapez un montant libre entre ${h(p.min)} et ${h(p.max)}.`,
  localAmountAdjusted: (p) =>
    `ℹ️ L’opérateur envoie ${h(p.got)}, et non exactement ${h(p.typed)}\u00a0: le montant le plus proche pour un prix en cents entiers (${h(p.usd)}).`,
  noAmounts: 'Aucun montant disponible pour cet opérateur.',
  errorLoadingAmounts: 'Erreur lors du chargement des montants. Veuillez réessayer plus tard.',
  amountNotANumber: 'Tapez un montant en dollars US, par ex. 12.50.',
  amountOutOfRange: (p) => `Le montant doit être compris entre ${h(p.min)} et ${h(p.max)}.`,
  amountNotOffered: (p) => `${h(p.operator)} ne vend que ces montants\u00a0: ${h(p.amounts)}. Choisissez l'un des boutons.`,
  stepPhone: (p) =>
    `📱 <b>Étape 4 sur 6 · Numéro de téléphone</b>\nSaisissez le numéro à recharger ${h(inCountry(p.code, p.name))} ${flagEmoji(p.code)}.\nSaisissez seulement le numéro local, sans indicatif\u00a0: <code>${h(p.dialCode)}</code> est ajouté pour vous.`,
  btnShareContact: '📱 Mon propre numéro',
  shareContactHint: 'Vous rechargez votre propre téléphone\u00a0? Touchez «\u00a0📱 Mon propre numéro\u00a0» ci-dessous.',
  phoneChosen: (p) => `📱 Numéro\u00a0: <b>${h(p.phone)}</b>`,
  phoneInvalid: (p) => `❌ ${h(p.error)}\nVérifiez le numéro et renvoyez-le.`,
  stepCoin: '🪙 <b>Étape 5 sur 6 · Cryptomonnaie</b>\nAvec quelle cryptomonnaie voulez-vous payer\u00a0? Vous choisirez ensuite le réseau.',
  stepNetwork: (p) =>
    `🔗 <b>Réseau</b>\nVous pouvez envoyer ${h(p.asset)} sur ces réseaux, du moins cher au plus cher (les frais de réseau sont payés par votre portefeuille pour le transfert)\u00a0:`,
  choiceWords: pay.choiceWords,
  reviewTitle: '🧾 <b>Étape 6 sur 6 · Vérifiez la commande</b>',
  reviewNotice:
    "• Vous avez 6 minutes pour envoyer le paiement\n• Le crédit est envoyé automatiquement une fois le paiement confirmé\n• Vérifiez bien le numéro de téléphone\n• Envoyez à l'adresse exacte indiquée",
  priceUnavailable: '(prix indisponible pour le moment)',
  btnConfirm: '✅ Confirmer',
  btnEdit: '✏️ Modifier',
  btnCancel: '✖️ Annuler',
  editPrompt: 'Que voulez-vous modifier\u00a0?',
  btnEditCountry: '🌍 Pays',
  btnEditOperator: '📶 Opérateur',
  btnEditAmount: '💵 Montant',
  btnEditPhone: '📱 Téléphone',
  btnEditCoin: '🪙 Crypto',
  btnBackToReview: '↩️ Retour au récapitulatif',
  paymentFailed: (p) => `Échec de la création du paiement. Veuillez réessayer.\n<i>${h(p.error)}</i>`,
  reviewAgain: 'Vous pouvez confirmer à nouveau, modifier la commande ou annuler.',

  payTitle: (p) => `💳 <b>Effectuez le paiement</b> · commande n° ${p.orderId}`,
  paySend: 'Envoyez exactement\u00a0:',
  payTo: 'À cette adresse\u00a0:',
  payComment: 'Avec ce commentaire (mémo)\u00a0; sans lui, le paiement ne peut pas être rattaché à votre commande\u00a0:',
  payNetwork: (p) => `🔗 Réseau\u00a0: <b>${h(p.network)}</b>`,
  payExpires: (p) => `⏳ Expire à ${h(p.time)} UTC (encore ${p.minutes} min)`,
  payScan: (p) => `Scannez avec votre portefeuille ${h(p.coin)}, ou copiez le montant et l'adresse (touchez pour copier).`,
  payImportant: 'Envoyez le montant exact, sur ce réseau uniquement. La recharge est traitée automatiquement.',
  payFromWallet: pay.fromWallet,
  btnOpenIn: (p) => `👛 Ouvrir dans ${p.wallet}`,
  btnCancelPayment: '✖️ Annuler le paiement',
  btnNewPayment: '🔄 Créer un nouveau paiement',
  btnNewRecharge: '⚡ Nouvelle recharge',
  statusWaiting: '⏳ En attente du paiement...',
  statusConfirming: (p) => `🔄 Paiement reçu\u00a0: confirmation ${p.n}/${p.m}`,
  statusConfirmingPlain: '🔄 Paiement reçu\u00a0: confirmation en cours',
  statusPaid: '✅ Paiement reçu - recharge en cours...',
  statusProcessing: '⚙️ Envoi de la recharge...',
  statusCompleted: '🎉 Recharge effectuée\u00a0!',
  completedTo: (p) => `Votre crédit a bien été envoyé au ${h(p.phone)}\u00a0: ${h(p.amount)}.`,
  transactionId: (p) => `Identifiant de transaction\u00a0: <code>${h(p.id)}</code>`,
  statusFailed: '❌ Échec de la recharge',
  failedCredit: (p) => `Le paiement a été reçu mais la recharge n'a pas pu être effectuée. ${h(p.amount)} a été crédité sur votre solde (/balance).`,
  statusExpired: '⌛ Délai de paiement expiré',
  expiredBody:
    "Votre délai de paiement de 6 minutes a expiré. L'adresse du portefeuille n'est plus réservée. Créez une nouvelle demande de paiement pour continuer.",
  statusCancelled: '✖️ Paiement annulé',
  paymentCancelled: 'Paiement annulé.',
  cancelRefused: (p) => `Annulation impossible\u00a0: ${p.error}`,
  newPaymentNotPossible: "Cette commande n'attend plus de paiement.",
  orderNotFound: 'Commande introuvable.',
  orderSummary: (p) => `📱 ${h(p.phone)} · ${h(p.operator)}\n💵 ${h(p.amount)} · total ${h(p.total)}`,
  balanceTopupSummary: (p) => `💰 Rechargement du solde · ${h(p.total)}`,

  ordersTitle: '🧾 <b>Historique des commandes</b>',
  ordersEmpty: "<b>Aucune commande pour l'instant</b>\nVous n'avez encore effectué aucune recharge mobile",
  btnFirstRecharge: 'Faire ma première recharge',
  ordersFailed: "Impossible de charger l'historique des commandes. Veuillez réessayer plus tard.",
  ordersMore: (p) => `…et ${p.count} plus anciennes.`,
  orderDetailsHint: 'Touchez un numéro de commande pour la voir.',
  balance: (p) => `💰 Votre solde\u00a0: <b>${h(p.amount)}</b>\nLes crédits des recharges échouées et des trop-perçus sont conservés ici.`,
  balanceFailed: 'Impossible de charger votre solde. Veuillez réessayer plus tard.',

  btnAddBalance: '➕ Ajouter au solde',
  topupStepAmount: (p) =>
    `💰 <b>Étape 1 sur 3 · Ajouter au solde</b>\nCombien voulez-vous ajouter\u00a0? Choisissez un montant, ou tapez-en un en dollars US entre ${h(p.min)} et ${h(p.max)}.`,
  topupStepCoin: '🪙 <b>Étape 2 sur 3 · Cryptomonnaie</b>\nAvec quelle cryptomonnaie voulez-vous payer\u00a0? Vous choisirez ensuite le réseau.',
  topupReviewTitle: '🧾 <b>Étape 3 sur 3 · Vérification</b>',
  topupAmount: 'Ajouté à votre solde',
  topupReviewNotice:
    "• Vous avez 6 minutes pour envoyer le paiement\n• Le montant est ajouté à votre solde une fois le paiement confirmé, sans frais de service\n• Envoyez à l'adresse exacte indiquée",
  topupCancelled: 'Ajout au solde annulé. Envoyez /balance pour recommencer.',

  orderTitle: (p) => `🧾 <b>Commande n° ${p.orderId}</b>`,
  payRest: 'Envoyez le reste\u00a0:',
  payRestUntil: (p) => `⏳ Le reste est accepté jusqu'à ${h(p.time)} UTC.`,
  received: (p) => `📥 Reçu ${h(p.received)} sur ${h(p.due)} ${h(p.coin)}.`,
  underpaid: (p) =>
    `Paiement incomplet\u00a0: ${h(p.received)} sur ${h(p.due)} ${h(p.coin)} reçus\u00a0; envoyez le reste avant ${h(p.time)} UTC, sinon il est crédité sur votre solde.`,
  creditOnBalance: (p) => `💰 ${h(p.amount)} a été crédité sur votre solde (/balance)\u00a0: ${h(p.why)}.`,
  creditHeld: (p) =>
    `💰 ${h(p.amount)} vous est réservé (${h(p.why)})\u00a0: connectez-vous avec l'adresse e-mail ou le compte Telegram de cette commande pour l'utiliser.`,
  creditReasons: {
    overpayment: 'plus que le montant dû est arrivé',
    late_payment: 'le paiement est arrivé après le délai',
    underpayment: 'moins que le montant dû est arrivé',
    wrong_coin: 'une autre crypto a été envoyée à l’adresse',
    failed_delivery: 'la recharge n’a pas pu être livrée',
  },
  resent: 'Le support a renvoyé cette recharge.',
  slow: 'Cela prend plus de temps que d’habitude. Contactez le support avec votre numéro de commande.',
  btnCheckPayment: '🔄 Vérifier le paiement',
  checked: (p) => `Statut\u00a0: ${p.status}`,
  btnSupport: '💬 Contacter le support',
  supportReference: (p) => `Indiquez cette référence quand vous nous écrivez\u00a0: <code>${h(p.reference)}</code>`,
  btnBalance: '💰 Mon solde',
  btnTopUpAgain: '🔁 Recharger à nouveau',
  paymentAlreadyCreated: 'Le nouveau paiement est déjà dans la conversation, plus bas.',
  cancelRefusedFunds:
    'Cette commande ne peut pas être annulée\u00a0: un paiement est déjà arrivé. Envoyez le reste avant l’échéance indiquée\u00a0; sinon, ce qui est arrivé est crédité sur votre solde. Rien n’est perdu.',
  cancelRefusedPaid: 'Cette commande ne peut pas être annulée\u00a0: elle est payée et sa recharge est en route (ou faite).',

  btnBack: '⬅️ Retour',
  btnPayFromBalance: (p) => `💰 Payer avec mon solde (${p.balance})`,
  paidFromBalance: (p) => `✅ Payé avec votre solde\u00a0; il vous reste ${h(p.balance)}. La recharge est en route.`,
  operatorMismatch: (p) =>
    `⚠️ Ce numéro appartient à <b>${h(p.detected)}</b>, pas à ${h(p.chosen)}. Passer à ${h(p.detected)}\u00a0? (Si le numéro a été porté chez ${h(p.chosen)}, gardez-le.)`,
  btnSwitchOperator: (p) => `✅ Passer à ${p.name}`,
  btnKeepOperator: (p) => `Garder ${p.name}`,

  recentsTitle: '🔁 <b>Recharger à nouveau</b> (un geste, puis confirmez)\u00a0:',
  renamePrompt: (p) => `✏️ Envoyez un nom pour <code>${h(p.phone)}</code> (par ex. Maman), ou «\u00a0-\u00a0» pour retirer son nom.`,
  renamed: (p) => `✅ Enregistré sous <b>${h(p.name)}</b>.`,
  nameRemoved: '✅ Nom retiré.',
  inlineTitle: '📲 Rechargez-moi',
  inlineDescription: (p) => `Demander à un ami de recharger le ${p.phone}`,
  inlineNoNumber: 'Tapez votre numéro avec son indicatif, par ex. +237 677 12 34 56',
  inlineCard: (p) => `📲 <b>${h(p.name)}</b> vous demande une recharge du <code>${h(p.phone)}</code>.\nPayez-la en crypto en deux gestes\u00a0:`,
  btnPayForFriend: '⚡ Recharger ce numéro',
};
