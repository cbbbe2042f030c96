import type { ChatContacts, WebPagesMessages } from '../en/web-pages';

/** French sets a colon, a semicolon, a question or exclamation mark apart with a non-breaking space. */
const NB = '\u00a0';

/** "à … ou à … sur Telegram" (after "écrivez-nous" or "nous écrire"); null when there is no contact. */
const otherWays = (p: ChatContacts): string | null =>
  [p.email && `à ${p.email}`, p.telegram && `à ${p.telegram} sur Telegram`].filter(Boolean).join(' ou ') || null;

const inCountries = (countries: number | null) => (countries === null ? 'partout dans le monde' : `dans ${countries} pays`);

export const pages: WebPagesMessages = {
  effective: (p) => `Date d’entrée en vigueur${NB}: ${p.date} · Version ${p.version}`,
  homeDescription: 'Envoyez du crédit et des forfaits data vers des téléphones du monde entier et payez en cryptomonnaie.',

  landing: {
    title: 'Bienvenue',
    description: 'Rechargez des téléphones partout dans le monde en cryptomonnaie. Connectez-vous pour garder vos commandes et votre solde au même endroit.',
    eyebrow: 'Votre compte',
    heading: 'Des recharges mobiles payées en crypto, tout au même endroit',
    text: 'Connectez-vous pour voir toutes vos commandes, garder un solde pour vos prochaines recharges et payer avec lui en un geste.',
    getStarted: 'Commencer',
    signInToContinue: 'Se connecter pour continuer',
    featuresTitle: 'Tout ce qu’il faut pour envoyer du crédit à vos proches',
    airtimeTitle: 'Crédit et data',
    airtimeBody: (p) => `Rechargez des téléphones prépayés ${inCountries(p.countries)}, en crédit d’appel ou en forfaits data.`,
    payTitle: 'Payez comme vous voulez',
    payBody: (p) => `${p.coins === null ? 'Des cryptomonnaies' : `${p.coins} cryptomonnaies`}, une nouvelle adresse pour chaque commande, et rien à installer.`,
    balanceTitle: 'Un solde qui vous attend',
    balanceBody: 'Approvisionnez-le une fois et payez vos recharges suivantes avec. Les paiements qui ne peuvent pas être livrés y sont crédités.',
    stepsTitle: 'Quatre étapes pour une recharge',
    steps: [
      { title: 'Pays et opérateur', body: 'Choisissez le pays du téléphone et son opérateur mobile.' },
      { title: 'Montant et numéro', body: 'Choisissez un montant et saisissez le numéro local.' },
      { title: 'Payez en crypto', body: 'Envoyez le montant exact à l’adresse unique en moins de 6 minutes.' },
      { title: 'Recharge instantanée', body: 'Le crédit part dès que votre paiement est confirmé.' },
    ],
  },

  about: {
    description: (p) => `Qui nous sommes et comment fonctionne ${p.site}.`,
    lead: (p) =>
      `${p.site} aide chacun à garder crédités les téléphones de sa famille et de ses amis, par-delà les frontières, en payant avec la cryptomonnaie qu’il possède déjà.`,
    whatTitle: 'Ce que nous faisons',
    whatBody: (p) =>
      `Nous envoyons du crédit et des forfaits data vers des téléphones prépayés ${inCountries(p.countries)}, et acceptons ${p.offered ? `${p.offered.coins} cryptomonnaies (${p.offered.coinNames}) sur ${p.offered.networkNames}` : 'les cryptomonnaies'}. Vous pouvez utiliser ce site, notre bot Telegram ou notre mini-app Telegram.`,
    howTitle: 'Comment nous travaillons',
    howBody: `Chaque commande reçoit sa propre adresse de paiement, et la recharge part automatiquement dès que le paiement est confirmé. En cas de problème, la valeur de votre paiement va sur votre solde${NB}: elle n’est jamais perdue.`,
  },

  help: {
    description: 'Les réponses aux questions fréquentes sur les recharges et les paiements en crypto.',
    send: {
      question: `Comment envoyer une recharge${NB}?`,
      answer:
        'Ouvrez Recharger, choisissez le pays, l’opérateur, le numéro et le montant, puis une cryptomonnaie, et envoyez le montant exact affiché à l’adresse affichée.',
    },
    coins: {
      question: `Avec quelles cryptomonnaies puis-je payer${NB}?`,
      answer: (p) =>
        `${p ? `${p.coins} au total${NB}: ${p.coinNames}, sur ${p.networkNames}.` : 'Celles affichées au moment de payer.'} L’USDT est proposé sur Ethereum et sur Binance Smart Chain${NB}: envoyez-le sur le réseau affiché.`,
    },
    time: {
      question: `Combien de temps ai-je pour payer${NB}?`,
      answer: '6 minutes à partir de la création du paiement. Un paiement envoyé dans ce délai est accepté, même si ses confirmations arrivent plus tard.',
    },
    wrongAmount: {
      question: `Et si j’envoie trop peu, trop ou trop tard${NB}?`,
      answer: `Rien n’est perdu${NB}: un paiement insuffisant, excédentaire ou en retard est crédité sur votre solde, et vous pouvez l’utiliser pour votre prochaine recharge.`,
    },
    failed: {
      question: `Et si la recharge échoue${NB}?`,
      answer:
        'La valeur de votre paiement est créditée sur votre solde. Sans compte, connectez-vous dans le même navigateur pour la verser sur votre solde, ou contactez-nous avec votre numéro de commande.',
    },
    account: {
      question: `Ai-je besoin d’un compte${NB}?`,
      answer:
        'Non. Sans compte, vos commandes sont mémorisées dans ce navigateur. Connectez-vous (avec Telegram ou un code envoyé à votre e-mail) pour les garder avec votre compte et utiliser un solde.',
    },
    orders: {
      question: `Où voir mes commandes${NB}?`,
      answer: `Dans l’Historique des commandes. Chaque commande affiche son état${NB}: terminée en vert, en attente en jaune, échouée ou annulée en rouge.`,
    },
    stillNeedHelp: `Besoin d’aide supplémentaire${NB}?`,
  },

  terms: {
    description: (p) => `Les conditions d’utilisation de ${p.site}.`,
    sections: [
      {
        heading: 'Le service',
        paragraphs: [
          (p) =>
            `${p.site} envoie du crédit et des forfaits data vers des téléphones prépayés et se fait payer en cryptomonnaie. Le montant que reçoit le téléphone en monnaie locale est fixé par l’opérateur et affiché comme une estimation avant le paiement.`,
        ],
      },
      {
        heading: 'Qui peut l’utiliser',
        paragraphs: [
          'Vous devez avoir 18 ans ou plus et être autorisé à utiliser des cryptomonnaies là où vous vivez. Vous pouvez utiliser le service sans compte.',
        ],
      },
      {
        heading: 'Commandes et paiement',
        paragraphs: [
          'Chaque commande a sa propre adresse de dépôt et un délai de 6 minutes pour envoyer le paiement. Envoyez le montant exact, dans la cryptomonnaie et sur le réseau affichés. Des frais de service fixes sont affichés avant le paiement. La recharge part automatiquement dès que le paiement est confirmé sur sa blockchain.',
        ],
      },
      {
        heading: 'Vérifiez le numéro',
        paragraphs: ['Une recharge livrée au numéro saisi ne peut pas être reprise. Vérifiez le numéro et le pays avant de payer.'],
      },
      {
        heading: 'Quand une recharge ne peut pas être livrée',
        paragraphs: [
          'Votre paiement n’est jamais perdu. Si l’opérateur refuse la recharge, ou si un paiement arrive en retard, incomplet, en trop ou dans une autre cryptomonnaie acceptée, sa valeur est créditée sur votre solde et peut servir pour de prochaines recharges. Sans compte, le crédit est gardé avec la commande jusqu’à ce que vous vous connectiez dans le même navigateur ou que vous nous contactiez.',
        ],
      },
      {
        heading: 'Votre solde',
        paragraphs: [
          'Votre solde est en dollars américains et peut payer des recharges sur ce site. Il est la somme de ses crédits et débits enregistrés, affichés dans votre tableau de bord.',
        ],
      },
      {
        heading: 'Usage loyal',
        paragraphs: [
          'N’utilisez pas le service pour la fraude, le blanchiment d’argent ou pour recharger des numéros sans y être autorisé. Nous pouvons refuser ou retenir les commandes qui semblent abusives.',
        ],
      },
      {
        heading: 'Modifications',
        paragraphs: [`Nous pouvons modifier ces conditions${NB}; la version en vigueur est celle publiée ici.`],
        seeAlso: 'Voir aussi notre',
      },
    ],
  },

  privacy: {
    description: (p) => `Comment ${p.site} collecte, utilise et protège vos informations.`,
    sections: [
      {
        heading: 'Qui nous sommes',
        paragraphs: [
          (p) =>
            `${p.site} vous permet d’envoyer du crédit et des forfaits data vers des téléphones ${p.countries === null ? 'de nombreux pays' : `de ${p.countries} pays`} et de payer en cryptomonnaie, sur ce site, dans notre bot Telegram et dans notre mini-app Telegram. Cette politique explique quelles informations nous traitons quand vous utilisez l’un d’eux, pourquoi, et les choix dont vous disposez.`,
        ],
      },
      {
        heading: 'Les informations que nous collectons',
        items: [
          [`Détails de la commande${NB}:`, 'le numéro à recharger, son pays et son opérateur, le montant, la cryptomonnaie choisie et l’heure de la commande.'],
          [`Détails du paiement${NB}:`, 'l’adresse de dépôt de votre commande et les transactions qui lui sont envoyées, publiques sur leur blockchain.'],
          [`Coordonnées que vous nous donnez${NB}:`, 'une adresse e-mail pour un reçu (facultative), ou pour vous connecter.'],
          [
            `Données de compte, si vous vous connectez${NB}:`,
            `votre adresse e-mail, ou votre identifiant et votre nom Telegram si vous vous connectez avec Telegram${NB}; une photo de profil si vous en ajoutez une${NB}; votre solde et son historique.`,
          ],
          [
            `Ce que garde votre navigateur${NB}:`,
            'un cookie de connexion quand vous êtes connecté, votre choix de thème et, si vous commandez sans compte, les références de ces commandes pour les retrouver.',
          ],
        ],
        paragraphs: [
          'Nous ne demandons ni votre nom, ni votre adresse, ni de pièce d’identité pour envoyer une recharge, et nous ne voyons jamais les clés de votre portefeuille.',
        ],
      },
      {
        heading: 'Comment nous utilisons vos informations',
        paragraphs: [
          'Pour livrer les recharges que vous commandez, confirmer vos paiements, envoyer les reçus et notifications que vous demandez, tenir votre solde, vous répondre quand vous nous contactez, et prévenir la fraude et les abus. Nous ne vendons pas vos informations et ne les utilisons pas pour la publicité.',
        ],
      },
      {
        heading: 'Paiements et données de la blockchain',
        paragraphs: [
          `Chaque commande reçoit sa propre adresse de dépôt, et vous disposez de 6 minutes pour envoyer le paiement. Les paiements circulent sur des blockchains publiques${NB}: le montant, les adresses et l’heure d’une transaction sont visibles par tous et ne peuvent être effacés ni par nous ni par vous.`,
        ],
      },
      {
        heading: 'Avec qui nous les partageons',
        paragraphs: [
          'Pour envoyer une recharge, nous transmettons le numéro, son opérateur et le montant à notre fournisseur de crédit par son API, qui livre le crédit au téléphone. Nous utilisons un service d’e-mail pour envoyer les messages, et des flux de prix qui ne reçoivent jamais vos informations. Nous ne partageons des informations avec les autorités que lorsque la loi l’exige.',
        ],
      },
      {
        heading: 'Les paiements qui ne peuvent pas être livrés',
        paragraphs: [
          `Un paiement n’est jamais perdu. Si une recharge ne peut pas être livrée, ou si un paiement arrive en retard, incomplet, en trop ou dans une autre cryptomonnaie acceptée, sa valeur est créditée sur votre solde, où vous pouvez l’utiliser pour vos prochaines recharges. Si vous avez commandé sans compte, le crédit est gardé avec la commande${NB}: connectez-vous dans le même navigateur, ou contactez-nous avec la référence de la commande, et il est versé sur votre solde.`,
        ],
      },
      {
        heading: 'Combien de temps nous les gardons',
        paragraphs: [
          `Nous gardons les commandes, les paiements et les mouvements du solde aussi longtemps que la loi l’exige pour les documents financiers. Les codes de connexion expirent après 10 minutes${NB}; les sessions se terminent après 30 jours sans utilisation ou quand vous vous déconnectez.`,
        ],
      },
      {
        heading: 'Comment nous les protégeons',
        paragraphs: [
          'Les connexions sont chiffrées, les sessions sont stockées sous forme d’empreintes à sens unique, et nos serveurs ne détiennent aucune clé privée des adresses de dépôt. L’accès aux données des clients est limité au personnel qui en a besoin pour faire fonctionner le service, et chaque action d’administration est journalisée.',
        ],
      },
      {
        heading: 'Vos droits et limite d’âge',
        paragraphs: [
          `Notre service s’adresse aux personnes de 18 ans et plus. Vous pouvez nous demander une copie de vos informations, leur correction ou la suppression de votre compte${NB}; les documents que la loi nous oblige à garder sont conservés le temps qu’elle exige. Écrivez-nous à l’adresse ci-dessous.`,
        ],
      },
      {
        heading: 'Modifications de cette politique',
        paragraphs: ['Quand nous modifions cette politique, nous publions ici la nouvelle version avec sa date et son numéro de version.'],
        seeAlso: 'Lisez-la avec nos',
      },
    ],
  },

  contact: {
    title: 'Nous contacter',
    privacyTeam: (p) => `Équipe confidentialité de ${p.site}`,
    supportTeam: (p) => `Assistance ${p.site}`,
    email: 'E-mail',
    website: 'Site web',
    liveChat: `Chat en direct${NB}: le bouton de chat en bas de chaque page.`,
  },

  chat: {
    welcome: (p) => `Bonjour${NB}! 👋 Bienvenue à l’assistance ${p.site}. Comment pouvons-nous vous aider${NB}?`,
    whatsappGreeting: (p) => `Bonjour${NB}! J’ai besoin d’aide pour une recharge mobile sur ${p.site}.`,
    answerInChat: 'ici, dans ce chat',
    answerByEmail: (p) => `ici et par e-mail à ${p.address}`,
    answerInTelegram: 'ici et dans notre bot Telegram',
    acknowledgement: (p) => {
      const ways = otherWays(p);
      return `Merci${NB}! Votre message est bien arrivé à notre équipe d’assistance${NB}; nous vous répondrons ${p.where}.${ways ? ` Pour une réponse plus rapide, écrivez-nous ${ways}.` : ''}`;
    },
    notSent: (p) => {
      const ways = otherWays(p);
      return `Votre message n’a pas été envoyé${NB}: ${p.reason} ${ways ? `Vous pouvez aussi nous écrire ${ways}.` : 'Vous pouvez aussi nous joindre par la page Contact.'}`;
    },
    unreachable: 'nous n’avons pas pu joindre notre serveur.',
    tooLong: (p) => `Votre message doit faire moins de ${p.max} caractères.`,
    emailNeeded: 'Saisissez votre adresse e-mail pour que nous puissions vous répondre.',
    aboutOrder: 'À propos de la commande',
    withoutOrder: 'Écrire sans la commande',
    fromSupport: `Assistance${NB}:`,
    fromMe: `Vous${NB}:`,
    sending: 'Envoi…',
  },

  promotions: {
    title: 'Promotions',
    show: (p) => `Afficher la promotion ${p.n}`,
  },
};
