import type { CommonMessages } from '../en/common';
import { inCountry } from './grammar';

export const common: CommonMessages = {
  languageName: 'Português',
  colon: ':',
  inCountry: (p) => inCountry(p.code, p.name),

  statusNames: {
    pending_crypto_payment: 'Aguardando pagamento',
    confirming: 'Confirmando',
    paid: 'Pago',
    processing: 'Processando',
    completed: 'Concluído',
    failed: 'Falhou',
    payment_expired: 'Expirado',
    cancelled: 'Cancelado',
  },

  labels: {
    country: 'País',
    operator: 'Operadora',
    phone: 'Telefone',
    amount: 'Valor da recarga',
    fee: 'Taxa de serviço',
    total: 'Total',
    payWith: 'Forma de pagamento',
    totalCrypto: 'Total em cripto',
    network: 'Rede',
    status: 'Status',
    date: 'Data',
    transactionId: 'ID da transação',
    order: 'Pedido',
  },
  serviceTypes: { airtime: 'Crédito', data: 'Pacote de dados' },

  amountChoice: (p) => `${p.local} · ${p.usd}`,
  approxLocal: (p) => `≈ ${p.local}`,
  customAmountLocal: (p) => `Ou digite um valor em ${p.currency}`,
  customAmountUsd: 'Ou digite um valor em dólares americanos',
  recipientGets: (p) => `O destinatário recebe ${p.local}`,
  youPay: (p) => `Você paga ${p.usd} sem as taxas`,

  errors: {
    VALIDATION_ERROR: 'Alguns dados não são válidos. Confira e tente de novo.',
    INVALID_PHONE: 'Formato de número de telefone inválido',
    AMOUNT_OUT_OF_RANGE: 'Este valor não está disponível para esta operadora. Escolha outro.',
    UNAUTHORIZED: 'Entre novamente.',
    TOTP_REQUIRED: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
    FORBIDDEN: 'Você não tem permissão para fazer isso.',
    REGISTRATIONS_CLOSED: 'Novos cadastros estão fechados no momento.',
    NOT_FOUND: 'Não encontrado.',
    CONFLICT: 'Isso mudou nesse meio-tempo. Tente de novo.',
    INVALID_STATE: 'Este pedido não pode mais ser alterado.',
    INSUFFICIENT_FUNDS: 'Seu saldo não é suficiente para este pedido.',
    PAYLOAD_TOO_LARGE: 'Isso é grande demais.',
    UNSUPPORTED_MEDIA_TYPE: 'Este tipo de arquivo não é aceito.',
    IDEMPOTENCY_MISMATCH: 'Esta solicitação já foi feita com outros dados. Comece de novo.',
    RATE_LIMITED: 'Tentativas demais. Aguarde um momento e tente de novo.',
    INTERNAL: 'Algo deu errado do nosso lado. Tente de novo.',
    PROVIDER_UNAVAILABLE: 'As recargas estão indisponíveis agora. Tente de novo em instantes.',
    MAINTENANCE: 'O serviço está em manutenção. Tente mais tarde.',
    PRICE_UNAVAILABLE: 'O preço desta criptomoeda está indisponível agora. Escolha outra ou tente mais tarde.',
    NETWORK_DISABLED: 'Esta rede está indisponível agora. Escolha outra criptomoeda.',
  },
  phoneErrors: {
    required: 'O número de telefone é obrigatório',
    invalidFormat: 'Formato de número de telefone inválido',
    otherCountry: 'Este número não pertence ao país escolhido',
    notMobile: 'Este não é um número de celular',
    needsCountryCode: 'Digite o número completo com o código do país, por ex. +237 671 234 567',
  },

  numberFirst: {
    prompt: 'Número de telefone a recarregar',
    hint: 'Cole ou digite o número completo com o código do país, por ex. +237 677 12 34 56',
    detected: (p) => (p.operator ? `${p.country} · ${p.operator}` : p.country),
    confirm: 'Continuar',
    chooseCountry: 'Escolher o país eu mesmo',
  },

  recents: {
    title: 'Recarregar de novo',
    again: (p) => `De novo: ${p.who} ${p.amount}`,
    rename: 'Renomear',
    remove: 'Remover',
    namePlaceholder: 'Nome, por ex. Mãe',
    removed: 'Removido dos seus destinatários recentes.',
  },

  share: {
    openInApp: 'Abrir no app',
    openOnSite: 'Abrir no site',
    viewOrder: 'Ver pedido',
  },
};
