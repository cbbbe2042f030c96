import type { WebPayMessages } from '../en/web-pay';
import { formatUsdIn } from '../format';

export const pay: WebPayMessages = {
  cancel: 'Cancelar',
  back: 'VOLVER',
  cancelUpper: 'CANCELAR',
  contactSupport: 'Contactar con soporte',
  copy: 'Copiar',
  copiedShort: 'COPIADO',
  amount: 'Monto',
  dollars: (p) => p.amount,
  fromWallet: 'Envía a esta dirección, desde una billetera. Nunca envíes al contrato del token: los tokens enviados allí se pierden.',
  coinOnNetwork: (p) => `${p.coin} en ${p.network}`,
  wrongCoin: (p) =>
    `Llegó otra criptomoneda (no ${p.expected}) a esta dirección. Su valor, ${p.amount}, ${p.held ? 'queda guardado para ti: inicia sesión en este navegador y pasará a tu saldo' : 'se acreditó a tu saldo'}. Este pedido sigue esperando ${p.due} ${p.expected}: envía solo esa criptomoneda, o deja que expire.`,
  overpaid: (p) =>
    `Enviaste más de lo debido: ${p.amount} ${p.held ? 'queda guardado para ti: inicia sesión en este navegador y pasará a tu saldo' : 'se acreditó a tu saldo'}.`,
  timeLeft: 'Tiempo restante para pagar',
  qrAlt: 'Código QR del pago',
  confirmations: (p) => `Confirmaciones: ${p.n} de ${p.m}`,
  confirmingHint: 'Tu pago está en la cadena; esperando confirmaciones',
  processingHint: 'Tu recarga se está enviando',
  paymentCancelled: 'Pago cancelado',
  transactionId: 'ID de transacción',

  processingTitle: 'Procesando el pago',
  completedTitle: 'Pago completado',
  completedBody: 'Recibimos tu pago y tu recarga ya fue enviada.',
  failedReceived: 'Recibimos tu pago, pero la recarga no se pudo completar.',
  creditedNote: 'Su valor se acreditó en tu saldo.',
  keptBefore: 'Su valor queda guardado para ti: ',
  keptLink: 'inicia sesión',
  keptAfter: ' en este navegador y pasará a tu saldo.',
  supportGreeting: (p) => `¡Hola! Mi pago ${p.paymentId} se recibió, pero la recarga falló.`,

  openInWalletApp: 'Abrir en una app de billetera',
  openInWallet: 'Abrir en la billetera',
  payWithConnectedWallet: 'Pagar desde la billetera conectada',
  openIn: (p) => `Abrir en ${p.name}`,

  loadingCoins: 'Cargando las criptomonedas',
  cheapestFirst: 'de la más barata a la más cara',
  choiceWords: {
    usd: (cents) => formatUsdIn('es', cents),
    fee: (amount) => `≈ ${amount} de comisión de red`,
    feeUnknown: 'comisión de red desconocida',
    underAMinute: 'menos de un minuto',
    aboutMinutes: (minutes) => (minutes === 1 ? 'un minuto aprox.' : `unos ${minutes} minutos`),
  },

  emailOptional: 'Correo electrónico (opcional)',
  receiptHint: 'Te enviaremos el recibo a esta dirección.',
  yourBalance: (p) => `Tu saldo: ${p.amount}`,
  payFromBalance: (p) => `Pagar ${p.amount} con el saldo`,
  topup: 'Recarga',
  service: 'Servicio',
  recipient: 'Destinatario',
  yourBalanceRecipient: 'Tu saldo',
  type: 'Tipo',
  viewDashboard: 'Ver el panel',

  noPaymentData: 'No se encontraron datos del pago',
  creatingPayment: 'Creando tu pago',
  chooseOperatorAmount: (p) => `Elige uno de los montos de ${p.operator}.`,
  operatorAccepts: (p) => `${p.operator} acepta montos entre ${p.min} y ${p.max}.`,

  loadingOrders: 'Cargando los pedidos',
  orders: 'Pedidos',
};
