import type { WebAccountMessages } from '../en/web-account';

const NB = '\u00a0';

export const account: WebAccountMessages = {
  loading: 'Chargement',
  userFailed: 'Impossible de récupérer votre compte',
  email: 'Adresse e-mail',
  notProvided: 'Non renseigné',
  notifications: 'Notifications (touche F8)',

  signIn: {
    description: 'Connectez-vous avec Telegram ou avec un code à usage unique envoyé par e-mail.',
    panelTitle: 'Connectez-vous à votre compte',
    signedIn: 'Connecté',
    welcomeTelegram: (p) => `Bienvenue${p.name ? `, ${p.name}` : ''}${NB}! Vous êtes connecté avec Telegram.`,
    telegramFailed: 'La connexion avec Telegram a échoué. Veuillez réessayer.',
    telegramBusy: 'Connexion avec Telegram…',
    signedInAs: (p) => `Vous êtes connecté${p.email ? ` en tant que ${p.email}` : ''}.`,
  },

  panel: {
    lead: 'Retrouvez vos commandes et un solde au même endroit. Vous pouvez toujours recharger sans compte.',
    withTelegram: 'Se connecter avec Telegram',
    orEmail: 'ou avec votre e-mail',
    codeSent: (p) => `Nous avons envoyé un code à 6 chiffres à ${p.email}.`,
    sendFailed: 'Le code n’a pas pu être envoyé. Veuillez réessayer.',
    codeDigits: 'Le code comporte 6 chiffres',
    welcomeEmail: (p) => `Bienvenue${NB}! Vous êtes connecté en tant que ${p.email}.`,
    signInFailed: 'La connexion a échoué. Veuillez réessayer.',
    codeRefused: 'Ce code n’a pas été accepté. Vérifiez-le, ou demandez-en un nouveau.',
    sending: 'Envoi...',
    emailMe: 'Recevoir un code de connexion par e-mail',
    outbox: {
      before: 'Serveur de développement\u00a0: aucun e-mail ne quitte cette machine. Le message avec le code se trouve dans la ',
      name: 'boîte d’envoi locale',
      after: ' du serveur (les fichiers .eml de DATA_DIR/mail-outbox).',
    },
    code: 'Code à 6 chiffres',
    signingIn: 'Connexion...',
    sendNew: 'Envoyer un nouveau code',
    otherEmail: 'Utiliser une autre adresse e-mail',
  },

  profile: {
    title: 'Profil',
    description: 'Votre compte et votre photo de profil.',
    invalidType: 'Type de fichier non valide',
    invalidTypeBody: 'Choisissez un fichier image (PNG, JPG, JPEG, etc.)',
    tooLarge: 'Fichier trop volumineux',
    tooLargeBody: 'Choisissez une image de moins de 5\u00a0Mo',
    updated: 'Photo de profil mise à jour\u00a0!',
    updateFailed: 'La photo de profil n’a pas pu être mise à jour. Veuillez réessayer.',
    logInToView: 'Connectez-vous pour voir votre profil.',
    signedOut: 'Déconnecté',
    signOut: 'Se déconnecter',
    picture: 'Photo de profil',
    previewAlt: 'Aperçu de la nouvelle photo de profil',
    currentAlt: 'Votre photo de profil',
    chooseImage: 'Choisir une image',
    save: 'Enregistrer',
    saving: 'Enregistrement...',
    cancel: 'Annuler',
    pictureHint: 'PNG, JPG ou une autre image, 5\u00a0Mo au maximum.',
    account: 'Compte',
    name: 'Nom',
    memberSince: 'Membre depuis',
    balance: 'Solde du compte',
    moreSettings: 'Autres réglages',
    moreLater: 'D’autres réglages du compte arriveront plus tard.',
  },

  addBalance: {
    description: 'Alimentez votre solde en cryptomonnaie.',
    signInTitle: 'Connectez-vous pour alimenter votre solde',
    currentBalance: 'Solde actuel',
    lead: 'Payez avec l’une de nos cryptomonnaies\u00a0; le montant est ajouté à votre solde dès que le paiement est confirmé. Sans frais de service.',
    amounts: 'Montants',
    amountUsd: 'Montant (USD)',
    between: (p) => `Entre ${p.min} et ${p.max}.`,
  },

  orders: {
    description: 'Vos recharges mobiles et leur statut.',
    browserOnly: {
      before: 'Voici les commandes passées dans ce navigateur. ',
      after: ' pour les garder avec votre compte et les retrouver partout.',
    },
    loading: 'Chargement des commandes',
    list: 'Commandes',
  },

  dashboard: {
    description: 'Votre solde et toutes vos transactions.',
    welcomeBack: (p) => `Bon retour, ${p.name}`,
    balanceNote: 'Crédits issus des fonds ajoutés et des paiements qui n’ont pas pu être livrés.',
    signInTitle: 'Connectez-vous pour voir votre solde',
    allTransactions: 'Toutes les transactions',
    legend: 'Légende',
    pending: 'En attente',
    browserTransactions: 'Transactions faites dans ce navigateur.',
    loading: 'Chargement des transactions',
    empty: 'Aucune transaction pour l’instant',
    emptyHint: 'Faites votre première recharge mobile',
    list: 'Liste des transactions',
  },

  contact: {
    description: (p) => `Comment joindre l’assistance ${p.site}.`,
    lead: 'Une question sur une commande\u00a0? Donnez-nous son identifiant de transaction et nous nous en occupons.',
    team: (p) => `Assistance ${p.site}`,
  },
};
