import type { SentenceParams, WebOrderMessages } from '../en/web-order';
import { claimWay, type TOrderDisplay } from '../../order-display';

/** How a held credit is claimed: only the ways the order has (order-display.ts `claimWay`). */
const SIGN_IN_WITH: Record<ReturnType<typeof claimWay>, string> = {
  email_telegram: 'inicia sesión con el correo de este pedido (o su cuenta de Telegram)',
  email: 'inicia sesión con el correo de este pedido',
  telegram: 'inicia sesión con la cuenta de Telegram que hizo el pedido',
  browser: 'inicia sesión en el navegador que hizo el pedido',
};

function creditedWhere(credit: NonNullable<TOrderDisplay['credit']>, f: Pick<SentenceParams, 'usd'>): string {
  return `${f.usd(credit.amount)} ${credit.place === 'held' ? `se guarda para ti: ${SIGN_IN_WITH[claimWay(credit)]} para usarlo` : 'se acreditó en tu saldo'}`;
}

function sentence(f: SentenceParams): string {
  const d = f.display;
  const coin = d.coin ?? '';
  const extra = d.credit && (d.flags.overpaid || d.flags.wrongCoin) ? ` Recibido además del pedido: ${creditedWhere(d.credit, f)}.` : '';
  switch (d.state) {
    case 'awaiting_payment':
      return `Envía ${d.due} ${coin} antes de las ${f.time(d.deadline!)}.${extra}`;
    case 'partly_paid':
      return `Pago incompleto: ${d.received} de ${d.due} ${coin} recibidos; envía el resto antes de las ${f.time(d.deadline!)} o se acreditará en tu saldo.${extra}`;
    case 'confirming':
      return `Pago detectado: confirmando ${d.confirmations?.n ?? 0}/${d.confirmations?.m ?? 1}.${extra}`;
    case 'paid':
      return d.sub === 'slow'
        ? 'Pago recibido; la recarga tarda más de lo habitual. Contacta con soporte indicando tu número de pedido.'
        : `Pago recibido - procesando la recarga...${extra}`;
    case 'delivering':
      return d.sub === 'slow'
        ? 'El operador tarda más de lo habitual. Contacta con soporte indicando tu número de pedido.'
        : `Enviando la recarga al operador...${extra}`;
    case 'completed':
      return `¡Recarga completada!${extra}`;
    case 'failed_credited':
      if (d.sub === 'resent') return 'La recarga no se pudo entregar; soporte la envió de nuevo.';
      return d.credit
        ? `La recarga no se pudo entregar. ${creditedWhere(d.credit, f)}.`
        : 'La recarga no se pudo entregar. Contacta con soporte indicando tu número de pedido.';
    case 'expired':
      return `El plazo de pago venció. No se recibió nada.${extra}`;
    case 'expired_credited':
      return `El plazo de pago venció. Lo que llegó (${d.received ?? '0'} ${coin}): ${d.credit ? creditedWhere(d.credit, f) : 'se acreditó'}.`;
    case 'cancelled':
      return d.credit ? `Pago cancelado. Lo que llegó después: ${creditedWhere(d.credit, f)}.` : 'Pago cancelado.';
  }
  return '';
}

export const order: WebOrderMessages = {
  title: (p) => `Pedido n.º ${p.orderId}`,
  loading: 'Cargando el pedido...',
  notFound: 'No se encuentra este pedido, o este enlace no sirve para abrirlo.',
  loadFailed: 'No se pudo cargar el pedido. Inténtalo de nuevo.',
  allOrders: 'Todos los pedidos',
  openInTelegram: 'Abrir en Telegram',
  sentence,
  amountsTitle: 'Pago',
  due: 'Debido',
  received: 'Recibido',
  remaining: 'Falta por enviar',
  sendBefore: (p) => `Envíalo antes de las ${p.time}.`,
  onlyTheRest: 'Envía solo este importe: lo que ya llegó cuenta.',
  valueTitle: 'Adónde fue el dinero',
  credit: (p) => `${p.amount}: ${p.reason}`,
  onBalance: 'en tu saldo',
  held: 'guardado para ti hasta que inicies sesión',
  resentAmount: (p) => `${p.amount} usados para enviar de nuevo la recarga`,
  nothingCredited: 'No se acreditó nada: el pago fue al pedido.',
  timelineTitle: 'Qué pasó',
  timeline: {
    created: 'Pedido creado',
    payment_seen: 'Pago detectado',
    payment_removed: 'Pago anulado por una reorganización de la cadena',
    underpaid: 'Llegó menos del importe debido',
    paid: 'Pagado',
    submitted: 'Recarga enviada al operador',
    completed: 'Recarga entregada',
    failed: 'La recarga no se pudo entregar',
    expired: 'Fin del plazo de pago',
    cancelled: 'Cancelado',
    credited: 'Acreditado',
    claimed: 'Pasado a tu saldo',
    resent: 'Enviado de nuevo por soporte',
    paid_out: 'Pagado a tu billetera',
  },
  creditReasons: {
    overpayment: 'Más del importe debido',
    late_payment: 'Llegó después del plazo, a otro precio',
    underpayment: 'Menos del importe debido, al terminar la vigilancia',
    wrong_coin: 'Otra moneda enviada a la dirección',
    failed_delivery: 'Reembolso de una recarga no entregada',
  },
  confirmations: (p) => `${p.n}/${p.m} confirmaciones`,
  otherCoin: 'otra moneda: acreditada en el saldo',
  removed: 'anulado',
  transaction: 'Transacción',
  nextTitle: 'Qué hacer ahora',
  nextActions: {
    pay: 'Pagar ahora',
    pay_rest: 'Enviar el resto',
    pay_outside_telegram: 'Se paga fuera de Telegram',
    wait: 'Nada que hacer: esta página se actualiza sola',
    open_balance: 'Abrir tu saldo',
    sign_in: 'Iniciar sesión para usar tu crédito',
    new_recharge: 'Recargar de nuevo este número',
    contact_support: 'Contactar con soporte',
  },
  signInWith: (p) => `Inicia sesión con ${p.email} para encontrar este crédito en tu saldo.`,
  signInTelegram: 'Inicia sesión con la cuenta de Telegram que hizo el pedido para encontrar este crédito en tu saldo.',
  signInBrowser: 'Inicia sesión en el navegador que hizo el pedido para encontrar este crédito en tu saldo.',
  supportReference: 'Indica este pedido a soporte:',
  contactSupport: 'Contactar con soporte',
  viewOrder: 'Ver pedido',
  receivedOf: (p) => `Recibidos ${p.received} de ${p.due} ${p.coin}.`,
  restToSend: 'Importe que falta por enviar',
  notCancelled: 'El pedido no se canceló',
  maintenance: 'Los nuevos pedidos están en pausa por mantenimiento. Inténtalo más tarde.',
  switchOperator: (p) => `Cambiar a ${p.operator}`,
  lapsed: 'Tu último pago ya no está abierto (su plazo terminó, o se pagó o se canceló). La página de su pedido dice qué pasó con él.',
  resumeTitle: 'Tienes un pago sin terminar',
};
