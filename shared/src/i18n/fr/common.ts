import type { CommonMessages } from '../en/common';
import { inCountry } from './grammar';

export const common: CommonMessages = {
  languageName: 'Français',
  colon: '\u00a0:',
  inCountry: (p) => inCountry(p.code, p.name),

  statusNames: {
    pending_crypto_payment: 'En attente de paiement',
    confirming: 'Confirmation',
    paid: 'Payée',
    processing: 'En cours',
    completed: 'Terminée',
    failed: 'Échouée',
    payment_expired: 'Expirée',
    cancelled: 'Annulée',
  },

  labels: {
    country: 'Pays',
    operator: 'Opérateur',
    phone: 'Téléphone',
    amount: 'Montant du crédit',
    fee: 'Frais de service',
    total: 'Total',
    payWith: 'Moyen de paiement',
    totalCrypto: 'Total en crypto',
    network: 'Réseau',
    status: 'Statut',
    date: 'Date',
    transactionId: 'Identifiant de transaction',
    order: 'Commande',
  },
  serviceTypes: { airtime: 'Crédit d’appel', data: 'Forfait data' },

  amountChoice: (p) => `${p.local} · ${p.usd}`,
  approxLocal: (p) => `≈ ${p.local}`,
  customAmountLocal: (p) => `Ou tapez un montant en ${p.currency}`,
  customAmountUsd: 'Ou tapez un montant en dollars US',
  recipientGets: (p) => `Le destinataire reçoit ${p.local}`,
  youPay: (p) => `Vous payez ${p.usd} hors frais`,

  errors: {
    VALIDATION_ERROR: 'Certaines informations ne sont pas valides. Vérifiez-les et réessayez.',
    INVALID_PHONE: 'Format de numéro de téléphone invalide',
    AMOUNT_OUT_OF_RANGE: "Ce montant n'est pas disponible pour cet opérateur. Choisissez-en un autre.",
    UNAUTHORIZED: 'Veuillez vous reconnecter.',
    TOTP_REQUIRED: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
    FORBIDDEN: "Vous n'avez pas le droit de faire cela.",
    REGISTRATIONS_CLOSED: 'Les nouvelles inscriptions sont fermées pour le moment.',
    NOT_FOUND: 'Introuvable.',
    CONFLICT: 'Cela a changé entre-temps. Veuillez réessayer.',
    INVALID_STATE: 'Cette commande ne peut plus être modifiée.',
    INSUFFICIENT_FUNDS: 'Votre solde est insuffisant pour cette commande.',
    PAYLOAD_TOO_LARGE: "C'est trop volumineux.",
    UNSUPPORTED_MEDIA_TYPE: "Ce type de fichier n'est pas accepté.",
    IDEMPOTENCY_MISMATCH: 'Cette demande a déjà été faite avec d’autres informations. Veuillez recommencer.',
    RATE_LIMITED: 'Trop de tentatives. Patientez un instant et réessayez.',
    INTERNAL: 'Une erreur est survenue de notre côté. Veuillez réessayer.',
    PROVIDER_UNAVAILABLE: 'Les recharges sont indisponibles pour le moment. Réessayez dans un instant.',
    MAINTENANCE: 'Le service est en maintenance. Veuillez réessayer plus tard.',
    PRICE_UNAVAILABLE: 'Le prix de cette cryptomonnaie est indisponible pour le moment. Choisissez-en une autre ou réessayez plus tard.',
    NETWORK_DISABLED: 'Ce réseau est indisponible pour le moment. Choisissez une autre cryptomonnaie.',
  },
  phoneErrors: {
    required: 'Le numéro de téléphone est obligatoire',
    invalidFormat: 'Format de numéro de téléphone invalide',
    otherCountry: "Ce numéro n'appartient pas au pays choisi",
    notMobile: "Ce n'est pas un numéro de mobile",
    needsCountryCode: "Saisissez le numéro complet avec l'indicatif du pays, par ex. +237 671 234 567",
  },

  numberFirst: {
    prompt: 'Numéro de téléphone à recharger',
    hint: "Collez ou tapez le numéro complet avec l'indicatif du pays, par ex. +237 677 12 34 56",
    detected: (p) => (p.operator ? `${p.country} · ${p.operator}` : p.country),
    confirm: 'Continuer',
    chooseCountry: 'Choisir le pays moi-même',
  },

  recents: {
    title: 'Recharger à nouveau',
    again: (p) => `À nouveau\u00a0: ${p.who} ${p.amount}`,
    rename: 'Renommer',
    remove: 'Retirer',
    namePlaceholder: 'Nom, par ex. Maman',
    removed: 'Retiré de vos destinataires récents.',
  },

  share: {
    openInApp: "Ouvrir dans l'application",
    openOnSite: 'Ouvrir sur le site',
    viewOrder: 'Voir la commande',
  },
};
