import type { WebPayMessages } from '../en/web-pay';
import { formatUsdIn } from '../format';

export const pay: WebPayMessages = {
  cancel: 'Cancelar',
  back: 'VOLTAR',
  cancelUpper: 'CANCELAR',
  contactSupport: 'Falar com o suporte',
  copy: 'Copiar',
  copiedShort: 'COPIADO',
  amount: 'Valor',
  dollars: (p) => p.amount,
  fromWallet: 'Envie para este endereço, a partir de uma carteira. Nunca envie para o contrato do token: os tokens enviados para lá são perdidos.',
  coinOnNetwork: (p) => `${p.coin} na rede ${p.network}`,
  wrongCoin: (p) =>
    `Outra criptomoeda (não ${p.expected}) chegou a este endereço. O valor dela, ${p.amount}, ${p.held ? 'fica guardado para você: entre na sua conta neste navegador e ele irá para o seu saldo' : 'foi creditado no seu saldo'}. Este pedido ainda aguarda ${p.due} ${p.expected}: envie somente essa criptomoeda, ou deixe-o expirar.`,
  overpaid: (p) =>
    `Você enviou mais do que o devido: ${p.amount} ${p.held ? 'fica guardado para você: entre na sua conta neste navegador e ele irá para o seu saldo' : 'foi creditado no seu saldo'}.`,
  timeLeft: 'Tempo restante para pagar',
  qrAlt: 'QR code do pagamento',
  confirmations: (p) => `Confirmações: ${p.n} de ${p.m}`,
  confirmingHint: 'Seu pagamento está na blockchain; aguardando confirmações',
  processingHint: 'Sua recarga está sendo enviada',
  paymentCancelled: 'Pagamento cancelado',
  transactionId: 'ID da transação',

  processingTitle: 'Processando o pagamento',
  completedTitle: 'Pagamento concluído',
  completedBody: 'Recebemos seu pagamento e sua recarga foi enviada.',
  failedReceived: 'Recebemos seu pagamento, mas a recarga não pôde ser concluída.',
  creditedNote: 'O valor foi creditado no seu saldo.',
  keptBefore: 'O valor fica guardado para você: ',
  keptLink: 'entre na sua conta',
  keptAfter: ' neste navegador e ele irá para o seu saldo.',
  supportGreeting: (p) => `Olá! Meu pagamento ${p.paymentId} foi recebido, mas a recarga falhou.`,

  openInWalletApp: 'Abrir em um app de carteira',
  openInWallet: 'Abrir na carteira',
  payWithConnectedWallet: 'Pagar pela carteira conectada',
  openIn: (p) => `Abrir no ${p.name}`,

  loadingCoins: 'Carregando as criptomoedas',
  cheapestFirst: 'da mais barata à mais cara',
  choiceWords: {
    usd: (cents) => formatUsdIn('pt', cents),
    fee: (amount) => `≈ ${amount} de taxa de rede`,
    feeUnknown: 'taxa de rede desconhecida',
    underAMinute: 'menos de um minuto',
    aboutMinutes: (minutes) => (minutes === 1 ? 'cerca de um minuto' : `cerca de ${minutes} minutos`),
  },

  emailOptional: 'E-mail (opcional)',
  receiptHint: 'Enviaremos seu recibo para este endereço.',
  yourBalance: (p) => `Seu saldo: ${p.amount}`,
  payFromBalance: (p) => `Pagar ${p.amount} com o saldo`,
  topup: 'Recarga',
  service: 'Serviço',
  recipient: 'Destinatário',
  yourBalanceRecipient: 'Seu saldo',
  type: 'Tipo',
  viewDashboard: 'Ver o painel',

  noPaymentData: 'Nenhum dado de pagamento encontrado',
  creatingPayment: 'Criando seu pagamento',
  chooseOperatorAmount: (p) => `Escolha um dos valores da ${p.operator}.`,
  operatorAccepts: (p) => `A ${p.operator} aceita valores entre ${p.min} e ${p.max}.`,

  loadingOrders: 'Carregando os pedidos',
  orders: 'Pedidos',
};
