/**
 * The site's account screens: sign-in, profile, add balance, order history, dashboard, contact. The
 * spec's wording where it has one. What another part of the catalog already says (Add Balance, Order
 * History, Continue to Payment…) is taken from there, not repeated here. A text with a link or a bold
 * word inside comes in parts (`before`, the linked word, `after`), so each language orders its own.
 */
export const account = {
  /** While the signed-in user is looked up. */
  loading: 'Loading',
  userFailed: 'Failed to fetch user',
  email: 'Email',
  notProvided: 'Not provided',
  /** The toasts' region (every page: the account screens say most of them); F8 goes to it. */
  notifications: 'Notifications (F8)',

  signIn: {
    description: 'Sign in with Telegram or with a one-time code sent to your e-mail.',
    panelTitle: 'Sign in to your account',
    signedIn: 'Signed in',
    welcomeTelegram: (p: { name: string | null }) => `Welcome${p.name ? `, ${p.name}` : ''}! You are signed in with Telegram.`,
    telegramFailed: 'Telegram sign-in failed. Please try again.',
    telegramBusy: 'Signing you in with Telegram…',
    signedInAs: (p: { email: string | null }) => `You are signed in${p.email ? ` as ${p.email}` : ''}.`,
  },

  /** The sign-in panel (sign-in page, dashboard, add balance). */
  panel: {
    lead: 'Keep your orders and a balance in one place. You can still recharge without an account.',
    withTelegram: 'Sign in with Telegram',
    orEmail: 'or with your e-mail',
    codeSent: (p: { email: string }) => `We sent a 6-digit code to ${p.email}.`,
    sendFailed: 'The code could not be sent. Please try again.',
    codeDigits: 'The code has 6 digits',
    welcomeEmail: (p: { email: string }) => `Welcome! You are signed in as ${p.email}.`,
    signInFailed: 'Sign-in failed. Please try again.',
    /** The code was refused (wrong or expired); English shows the server's own sentence instead. */
    codeRefused: 'This code was not accepted. Check it, or ask for a new one.',
    sending: 'Sending...',
    emailMe: 'Email me a sign-in code',
    /** The development server's notice: `before`, the outbox's name in bold, `after`. */
    outbox: {
      before: "Development server: no e-mail leaves this machine. The message with the code is in the server's ",
      name: 'local mail outbox',
      after: ' (the .eml files in DATA_DIR/mail-outbox).',
    },
    code: '6-digit code',
    signingIn: 'Signing in...',
    sendNew: 'Send a new code',
    otherEmail: 'Use another e-mail',
  },

  profile: {
    title: 'Profile',
    description: 'Your account and profile picture.',
    invalidType: 'Invalid file type',
    invalidTypeBody: 'Please select an image file (PNG, JPG, JPEG, etc.)',
    tooLarge: 'File too large',
    tooLargeBody: 'Please select an image smaller than 5MB',
    updated: 'Profile picture updated successfully!',
    updateFailed: 'Failed to update profile picture. Please try again.',
    logInToView: 'Please log in to view your profile.',
    signedOut: 'Signed out',
    signOut: 'Sign out',
    picture: 'Profile picture',
    previewAlt: 'Preview of the new profile picture',
    currentAlt: 'Your profile picture',
    chooseImage: 'Choose image',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
    pictureHint: 'PNG, JPG or another image, at most 5 MB.',
    account: 'Account',
    name: 'Name',
    memberSince: 'Member since',
    balance: 'Account balance',
    moreSettings: 'More settings',
    moreLater: 'More account settings will come later.',
  },

  addBalance: {
    description: 'Add funds to your balance with cryptocurrency.',
    signInTitle: 'Sign in to add balance',
    currentBalance: 'Current balance',
    lead: 'Pay with any of our cryptocurrencies; the amount is added to your balance once the payment is confirmed. No service fee.',
    amounts: 'Amounts',
    amountUsd: 'Amount (USD)',
    between: (p: { min: string; max: string }) => `Between ${p.min} and ${p.max}.`,
  },

  orders: {
    description: 'Your mobile recharges and their status.',
    /** Signed out: `before`, the shell's "Sign in" as a link, `after`. */
    browserOnly: {
      before: 'These are the orders made in this browser. ',
      after: ' to keep them with your account and see them anywhere.',
    },
    loading: 'Loading orders',
    list: 'Orders',
  },

  dashboard: {
    description: 'Your balance and all your transactions.',
    welcomeBack: (p: { name: string }) => `Welcome back, ${p.name}`,
    balanceNote: 'Credits from added funds and from payments that could not be delivered.',
    signInTitle: 'Sign in to see your balance',
    allTransactions: 'All Transactions',
    legend: 'Legend',
    /** The legend's middle colour (the others are the statuses Completed and Failed). */
    pending: 'Pending',
    browserTransactions: 'Transactions made in this browser.',
    loading: 'Loading transactions',
    empty: 'No transactions yet',
    emptyHint: 'Start your first mobile recharge',
    list: 'Transactions',
  },

  contact: {
    description: (p: { site: string }) => `How to reach ${p.site} support.`,
    lead: 'Questions about an order? Give us its transaction ID and we will look into it.',
    team: (p: { site: string }) => `${p.site} Support`,
  },
};

export type WebAccountMessages = typeof account;
