import { SUPPORT_TEXTS } from '../../support';

/** What a legal page's paragraph may mention: the site's name and the live count of countries (null while unknown). */
export interface LegalParams {
  site: string;
  countries: number | null;
}

/**
 * The coins the server offers, for the marketing texts: null until it answers (a page shows no
 * compiled-in list that could differ). `coinNames` and `networkNames` are lists already joined in the language.
 */
export type OfferedCoins = { coins: number; chains: number; coinNames: string; networkNames: string } | null;

/** A paragraph: plain text, or one that names the site or the coverage. */
export type LegalParagraph = string | ((p: LegalParams) => string);

/**
 * One numbered section of a legal page. `items` (a term and its text) come before the paragraphs;
 * `seeAlso` ends the last paragraph with a link to the other legal page ("See also our" Privacy Policy.).
 */
export interface LegalSection {
  heading: string;
  items?: [term: string, text: string][];
  paragraphs: LegalParagraph[];
  seeAlso?: string;
}

/** The support contacts the chat can point to (null: not configured). */
export interface ChatContacts {
  email: string | null;
  telegram: string | null;
}

/** "e-mail us at … or write to … on Telegram"; null when there is no contact. */
const otherWays = (p: ChatContacts): string | null =>
  [p.email && `e-mail us at ${p.email}`, p.telegram && `write to ${p.telegram} on Telegram`].filter(Boolean).join(' or ') || null;

/**
 * The site's own pages: the landing page, About, Help, the legal pages (Terms, Privacy), the contact
 * block, the support chat's lines and the promotions panel. The legal pages are arrays of sections,
 * drawn by one component (webapp/src/site/components/LegalPage.tsx); their dates and versions stay in
 * the pages.
 */
export const pages = {
  /** "Effective date: June 29, 2025 · Version 1.0" (`date` formatted in the language). */
  effective: (p: { date: string; version: string }) => `Effective date: ${p.date} · Version ${p.version}`,
  homeDescription: 'Send mobile airtime and data top-ups to phones around the world and pay with cryptocurrency.',

  landing: {
    title: 'Welcome',
    description: 'Top up phones around the world with cryptocurrency. Sign in to keep your orders and balance in one place.',
    eyebrow: 'Your account',
    heading: 'Mobile top-ups paid in crypto, all in one place',
    text: 'Sign in to see every order you made, keep a balance for your next top-ups, and pay from it in one tap.',
    getStarted: 'Get Started',
    signInToContinue: 'Sign In to Continue',
    featuresTitle: 'Everything you need to send credit home',
    airtimeTitle: 'Airtime and data',
    airtimeBody: (p: { countries: number | null }) =>
      `Top up prepaid phones ${p.countries === null ? 'around the world' : `in ${p.countries} ${p.countries === 1 ? 'country' : 'countries'}`}, with airtime or data bundles.`,
    payTitle: 'Pay your way',
    payBody: (p: { coins: number | null }) =>
      `${p.coins === null ? 'Cryptocurrency' : `${p.coins} cryptocurrencies`}, a fresh address for every order, and nothing to install.`,
    balanceTitle: 'A balance that keeps',
    balanceBody: 'Add funds once and pay later top-ups from your balance. Undeliverable payments are credited to it.',
    stepsTitle: 'Four steps to a top-up',
    steps: [
      { title: 'Country and operator', body: 'Choose where the phone is and its mobile operator.' },
      { title: 'Amount and phone', body: 'Pick an amount and enter the local phone number.' },
      { title: 'Pay with crypto', body: 'Send the exact amount to the one-time address within 6 minutes.' },
      { title: 'Instant top-up', body: 'The credit is sent as soon as your payment is confirmed.' },
    ],
  },

  about: {
    description: (p: { site: string }) => `Who we are and how ${p.site} works.`,
    lead: (p: { site: string }) =>
      `${p.site} helps people keep the phones of family and friends topped up across borders, paying with the cryptocurrency they already hold.`,
    whatTitle: 'What we do',
    whatBody: (p: { countries: number | null; offered: OfferedCoins }) =>
      `We send airtime and data bundles to prepaid phones ${p.countries === null ? 'around the world' : `in ${p.countries} ${p.countries === 1 ? 'country' : 'countries'}`}, and accept ${p.offered ? `${p.offered.coins} cryptocurrencies (${p.offered.coinNames}) on ${p.offered.networkNames}` : 'cryptocurrency'}. You can use this web site, our Telegram bot or our Telegram mini-app.`,
    howTitle: 'How we work',
    howBody:
      'Every order gets its own payment address, and the top-up is sent automatically once the payment is confirmed. If something goes wrong, the value of your payment goes to your balance: it is never lost.',
  },

  help: {
    description: 'Answers to common questions about top-ups and crypto payments.',
    send: {
      question: 'How do I send a top-up?',
      answer:
        'Open Recharge, choose the country, the operator, the phone number and the amount, then pick a cryptocurrency and send the exact amount shown to the address shown.',
    },
    coins: {
      question: 'Which cryptocurrencies can I pay with?',
      answer: (p: OfferedCoins) =>
        `${p ? `${p.coins} of them: ${p.coinNames}, on ${p.networkNames}.` : 'Those shown when you pay.'} USDT is offered on Ethereum and on Binance Smart Chain: send it on the network shown.`,
    },
    time: {
      question: 'How long do I have to pay?',
      answer: '6 minutes from the moment the payment is created. A payment sent within that window is accepted even if its confirmations arrive later.',
    },
    wrongAmount: {
      question: 'What if I send too little, too much, or too late?',
      answer: 'Nothing is lost: a short, excess or late payment is credited to your balance, and you can use it for your next top-up.',
    },
    failed: {
      question: 'What if the top-up fails?',
      answer:
        'The value of your payment is credited to your balance. Without an account, sign in in the same browser to move it to your balance, or contact us with your order number.',
    },
    account: {
      question: 'Do I need an account?',
      answer:
        'No. Without one, the orders you make are remembered in this browser. Sign in (with Telegram or a code sent to your e-mail) to keep them with your account and to use a balance.',
    },
    orders: {
      question: 'Where can I see my orders?',
      answer: 'On Order History. Each order shows its status: completed in green, pending in yellow, failed or cancelled in red.',
    },
    stillNeedHelp: 'Still need help?',
  },

  terms: {
    description: (p: { site: string }) => `The terms of using ${p.site}.`,
    sections: [
      {
        heading: 'The service',
        paragraphs: [
          (p) =>
            `${p.site} sends mobile airtime and data top-ups to prepaid phones and takes payment in cryptocurrency. The amount the phone receives in local currency is set by the operator and shown as an estimate before you pay.`,
        ],
      },
      {
        heading: 'Who may use it',
        paragraphs: ['You must be 18 or older and allowed to use cryptocurrency where you live. You may use the service without an account.'],
      },
      {
        heading: 'Orders and payment',
        paragraphs: [
          'Each order has its own deposit address and a 6-minute window to send the payment. Send the exact amount, in the coin and on the network shown. A flat service fee is shown before you pay. The top-up is sent automatically once the payment is confirmed on its blockchain.',
        ],
      },
      {
        heading: 'Check the phone number',
        paragraphs: ['A top-up delivered to the number you entered cannot be taken back. Check the number and the country before you pay.'],
      },
      {
        heading: 'When a top-up cannot be delivered',
        paragraphs: [
          'Your payment is never lost. If the operator refuses the top-up, or a payment arrives late, short, with too much, or in another supported coin, its value is credited to your balance and can be used for later top-ups. Without an account the credit is kept with the order until you sign in in the same browser or contact us.',
        ],
      },
      {
        heading: 'Your balance',
        paragraphs: [
          'Your balance is in US dollars and can pay for top-ups on this site. It is the sum of its recorded credits and debits, shown on your dashboard.',
        ],
      },
      {
        heading: 'Fair use',
        paragraphs: [
          'Do not use the service for fraud, money laundering or to top up numbers you are not allowed to. We may refuse or hold orders that look abusive.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: ['We may change these terms; the version in force is the one published here.'],
        seeAlso: 'See also our',
      },
    ] as LegalSection[],
  },

  privacy: {
    description: (p: { site: string }) => `How ${p.site} collects, uses and protects your information.`,
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          (p) =>
            `${p.site} lets you send mobile airtime and data top-ups to phones in ${p.countries === null ? 'many countries' : `${p.countries} countries`} and pay with cryptocurrency, on this web site, in our Telegram bot and in our Telegram mini-app. This policy explains what information we handle when you use any of them, why, and the choices you have.`,
        ],
      },
      {
        heading: 'Information we collect',
        items: [
          ['Order details:', 'the phone number to top up, its country and operator, the amount, the cryptocurrency you chose and the time of the order.'],
          ['Payment details:', 'the deposit address of your order, and the transactions sent to it, which are public on their blockchain.'],
          ['Contact details you give us:', 'an e-mail address for a receipt (optional), or for signing in.'],
          [
            'Account details, if you sign in:',
            'your e-mail address, or your Telegram id and name when you sign in with Telegram; a profile picture if you upload one; your balance and its history.',
          ],
          [
            'What your browser keeps:',
            'a sign-in cookie when you are signed in, your theme choice, and, if you order without an account, the references of those orders so you can see them again.',
          ],
        ],
        paragraphs: ['We do not ask for your name, address or identity documents to send a top-up, and we never see your wallet’s keys.'],
      },
      {
        heading: 'How we use your information',
        paragraphs: [
          'To deliver the top-ups you order, to confirm your payments, to send the receipts and notifications you ask for, to keep your balance, to answer you when you contact us, and to prevent fraud and abuse. We do not sell your information and do not use it for advertising.',
        ],
      },
      {
        heading: 'Payments and blockchain data',
        paragraphs: [
          'Every order gets its own deposit address, and you have a 6-minute window to send the payment. Payments travel on public blockchains: the amount, the addresses and the time of a transaction can be seen by anyone and cannot be erased by us or by you.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'To send a top-up we pass the phone number, its operator and the amount to our airtime provider through its API, which delivers the credit to the phone. We use an e-mail service to send messages, and price feeds that never receive your information. We share information with authorities only when the law requires it.',
        ],
      },
      {
        heading: 'Payments that cannot be delivered',
        paragraphs: [
          'A payment is never lost. If a top-up cannot be delivered, or a payment arrives late, short, with too much, or in another supported coin, its value is credited to your balance, where you can use it for your next top-ups. If you ordered without an account, the credit is kept with the order: sign in in the same browser, or contact us with the order’s reference, and it is moved to your balance.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep orders, payments and balance records for as long as the law requires for financial records. Sign-in codes expire after 10 minutes; sign-in sessions end after 30 days without use or when you sign out.',
        ],
      },
      {
        heading: 'How we protect it',
        paragraphs: [
          'Connections are encrypted, sign-in sessions are stored as one-way hashes, and our servers hold no private key of any deposit address. Access to customer data is limited to the staff who need it to run the service, and every administrative action is logged.',
        ],
      },
      {
        heading: 'Your rights and age limit',
        paragraphs: [
          'Our service is for people aged 18 and over. You may ask us for a copy of your information, to correct it, or to delete your account; records we must keep by law are kept for the time the law requires. Write to us at the address below.',
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: ['When we change this policy we publish the new version here with its date and version number.'],
        seeAlso: 'Read it with our',
      },
    ] as LegalSection[],
  },

  /** The contact block of the legal pages and of /contact. */
  contact: {
    title: 'Contact',
    privacyTeam: (p: { site: string }) => `${p.site} Privacy Team`,
    supportTeam: (p: { site: string }) => `${p.site} Support`,
    email: 'E-mail',
    website: 'Website',
    liveChat: 'Live chat: the chat button at the bottom of every page.',
  },

  /** The support chat's own lines (./web.ts `supportWidget` has its frame). */
  chat: {
    welcome: (p: { site: string }) => `Hi there! 👋 Welcome to ${p.site} support. How can we help you today?`,
    /** The WhatsApp link's prefilled message. */
    whatsappGreeting: (p: { site: string }) => `Hello! I need help with a mobile recharge on ${p.site}.`,
    answerInChat: 'here in this chat',
    answerByEmail: (p: { address: string }) => `here and by e-mail to ${p.address}`,
    answerInTelegram: 'here and in our Telegram bot',
    /** One second after a message: where the answer comes (`where`: one of the three above), and the other ways to reach us. */
    acknowledgement: (p: ChatContacts & { where: string }) => {
      const ways = otherWays(p);
      return `Thanks! Your message reached our support team; we will answer ${p.where}.${ways ? ` For a faster answer, ${ways}.` : ''}`;
    },
    /** A message that could not be sent: why (a sentence), and where to write instead. */
    notSent: (p: ChatContacts & { reason: string }) => {
      const ways = otherWays(p);
      return `Your message was not sent: ${p.reason} ${ways ? `You can also ${ways}.` : 'You can also reach us through the Contact page.'}`;
    },
    unreachable: 'we could not reach our server.',
    tooLong: (p: { max: string }) => `Please keep your message under ${p.max} characters.`,
    emailNeeded: SUPPORT_TEXTS.emailNeeded as string,
    aboutOrder: 'About order',
    withoutOrder: 'Write without the order',
    fromSupport: 'Support:',
    fromMe: 'You:',
    sending: 'Sending…',
  },

  promotions: {
    title: 'Promotions',
    show: (p: { n: number }) => `Show promotion ${p.n}`,
  },
};

export type WebPagesMessages = typeof pages;
