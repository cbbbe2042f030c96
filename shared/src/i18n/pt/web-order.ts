import type { SentenceParams, WebOrderMessages } from '../en/web-order';
import { claimWay, type TOrderDisplay } from '../../order-display';

/** How a held credit is claimed: only the ways the order has (order-display.ts `claimWay`). */
const SIGN_IN_WITH: Record<ReturnType<typeof claimWay>, string> = {
  email_telegram: 'entre com o e-mail deste pedido (ou a conta do Telegram dele)',
  email: 'entre com o e-mail deste pedido',
  telegram: 'entre com a conta do Telegram que fez o pedido',
  browser: 'entre no navegador que fez o pedido',
};

function creditedWhere(credit: NonNullable<TOrderDisplay['credit']>, f: Pick<SentenceParams, 'usd'>): string {
  return `${f.usd(credit.amount)} ${credit.place === 'held' ? `fica guardado para você: ${SIGN_IN_WITH[claimWay(credit)]} para usá-lo` : 'foi creditado no seu saldo'}`;
}

function sentence(f: SentenceParams): string {
  const d = f.display;
  const coin = d.coin ?? '';
  const extra = d.credit && (d.flags.overpaid || d.flags.wrongCoin) ? ` Recebido além do pedido: ${creditedWhere(d.credit, f)}.` : '';
  switch (d.state) {
    case 'awaiting_payment':
      return `Envie ${d.due} ${coin} antes de ${f.time(d.deadline!)}.${extra}`;
    case 'partly_paid':
      return `Pagamento incompleto: ${d.received} de ${d.due} ${coin} recebidos; envie o restante até ${f.time(d.deadline!)} ou ele será creditado no seu saldo.${extra}`;
    case 'confirming':
      return `Pagamento detectado: confirmando ${d.confirmations?.n ?? 0}/${d.confirmations?.m ?? 1}.${extra}`;
    case 'paid':
      return d.sub === 'slow'
        ? 'Pagamento recebido; a recarga está demorando mais que o normal. Fale com o suporte informando o número do pedido.'
        : `Pagamento recebido - processando a recarga...${extra}`;
    case 'delivering':
      return d.sub === 'slow'
        ? 'A operadora está demorando mais que o normal. Fale com o suporte informando o número do pedido.'
        : `Enviando a recarga à operadora...${extra}`;
    case 'completed':
      return `Recarga concluída!${extra}`;
    case 'failed_credited':
      if (d.sub === 'resent') return 'Não foi possível entregar a recarga; o suporte a enviou de novo.';
      return d.credit
        ? `Não foi possível entregar a recarga. ${creditedWhere(d.credit, f)}.`
        : 'Não foi possível entregar a recarga. Fale com o suporte informando o número do pedido.';
    case 'expired':
      return `O prazo de pagamento expirou. Nada foi recebido.${extra}`;
    case 'expired_credited':
      return `O prazo de pagamento expirou. O que chegou (${d.received ?? '0'} ${coin}): ${d.credit ? creditedWhere(d.credit, f) : 'foi creditado'}.`;
    case 'cancelled':
      return d.credit ? `Pagamento cancelado. O que chegou depois: ${creditedWhere(d.credit, f)}.` : 'Pagamento cancelado.';
  }
  return '';
}

export const order: WebOrderMessages = {
  title: (p) => `Pedido nº ${p.orderId}`,
  loading: 'Carregando o pedido...',
  notFound: 'Este pedido não foi encontrado, ou este link não serve para abri-lo.',
  loadFailed: 'Não foi possível carregar o pedido. Tente novamente.',
  allOrders: 'Todos os pedidos',
  openInTelegram: 'Abrir no Telegram',
  sentence,
  amountsTitle: 'Pagamento',
  due: 'Devido',
  received: 'Recebido',
  remaining: 'Falta enviar',
  sendBefore: (p) => `Envie antes de ${p.time}.`,
  onlyTheRest: 'Envie só este valor: o que já chegou conta.',
  valueTitle: 'Para onde foi o dinheiro',
  credit: (p) => `${p.amount}: ${p.reason}`,
  onBalance: 'no seu saldo',
  held: 'guardado para você até você entrar',
  resentAmount: (p) => `${p.amount} usados para enviar a recarga de novo`,
  nothingCredited: 'Nada foi creditado: o pagamento foi para o pedido.',
  timelineTitle: 'O que aconteceu',
  timeline: {
    created: 'Pedido criado',
    payment_seen: 'Pagamento detectado',
    payment_removed: 'Pagamento desfeito por uma reorganização da rede',
    underpaid: 'Chegou menos que o valor devido',
    paid: 'Pago',
    submitted: 'Recarga enviada à operadora',
    completed: 'Recarga entregue',
    failed: 'Não foi possível entregar a recarga',
    expired: 'Fim do prazo de pagamento',
    cancelled: 'Cancelado',
    credited: 'Creditado',
    claimed: 'Transferido para o seu saldo',
    resent: 'Enviado de novo pelo suporte',
    paid_out: 'Pago na sua carteira',
  },
  creditReasons: {
    overpayment: 'Mais que o valor devido',
    late_payment: 'Chegou após o prazo, com outro preço',
    underpayment: 'Menos que o valor devido, ao fim da vigilância',
    wrong_coin: 'Outra moeda enviada ao endereço',
    failed_delivery: 'Reembolso de uma recarga não entregue',
  },
  confirmations: (p) => `${p.n}/${p.m} confirmações`,
  otherCoin: 'outra moeda: creditada no saldo',
  removed: 'desfeito',
  transaction: 'Transação',
  nextTitle: 'O que fazer agora',
  nextActions: {
    pay: 'Pagar agora',
    pay_rest: 'Enviar o restante',
    pay_outside_telegram: 'Pago fora do Telegram',
    wait: 'Nada a fazer: esta página se atualiza sozinha',
    open_balance: 'Abrir o seu saldo',
    sign_in: 'Entrar para usar o seu crédito',
    new_recharge: 'Recarregar este número de novo',
    contact_support: 'Falar com o suporte',
  },
  signInWith: (p) => `Entre com ${p.email} para encontrar este crédito no seu saldo.`,
  signInTelegram: 'Entre com a conta do Telegram que fez o pedido para encontrar este crédito no seu saldo.',
  signInBrowser: 'Entre no navegador que fez o pedido para encontrar este crédito no seu saldo.',
  supportReference: 'Informe este pedido ao suporte:',
  contactSupport: 'Falar com o suporte',
  viewOrder: 'Ver pedido',
  receivedOf: (p) => `Recebidos ${p.received} de ${p.due} ${p.coin}.`,
  restToSend: 'Valor que falta enviar',
  notCancelled: 'O pedido não foi cancelado',
  maintenance: 'Os novos pedidos estão pausados para manutenção. Tente mais tarde.',
  switchOperator: (p) => `Mudar para ${p.operator}`,
  lapsed: 'Seu último pagamento não está mais aberto (o prazo terminou, ou ele foi pago ou cancelado). A página do pedido diz o que aconteceu com ele.',
  resumeTitle: 'Você tem um pagamento não concluído',
};
