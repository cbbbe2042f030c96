import type { EmailMessages } from '../en/email';

export const email: EmailMessages = {
  receiptPaid: {
    subject: (p) => `Pago recibido – pedido n.º ${p.orderId}`,
    body: (p) => `Recibimos tu pago de ${p.paid}. Tu recarga está en camino.`,
  },
  receiptCompleted: {
    subject: (p) => (p.balanceTopup ? `Tu saldo fue recargado – pedido n.º ${p.orderId}` : `Tu recarga fue enviada – pedido n.º ${p.orderId}`),
    body: (p) => `Listo: ${p.what}.${p.transactionId ? ` ID de transacción: ${p.transactionId}.` : ''}`,
  },
  receiptFailed: {
    subject: (p) => `La recarga falló – ${p.credited} acreditados a tu saldo – pedido n.º ${p.orderId}`,
    body: (p) => `No pudimos entregar ${p.what}. No se pierde nada: ${p.credited} se acreditaron a tu saldo; úsalos en tu próxima recarga.`,
  },
  receiptFailedHeld: {
    subject: (p) => `La recarga falló – ${p.credited} guardados para ti – pedido n.º ${p.orderId}`,
    body: (p) =>
      `No pudimos entregar ${p.what}. No se pierde nada: guardamos ${p.credited} para ti. Inicia sesión con este correo (${p.email}) para usarlos: estarán en tu saldo en cuanto lo hagas.`,
  },
  receiptOther: { subject: (p) => `Pedido n.º ${p.orderId}: ${p.status}` },
  whatRecharge: (p) => `${p.amount} de saldo para ${p.phone} (${p.operator})`,
  whatBalanceTopup: (p) => `la recarga de saldo de ${p.amount}`,
  paidAmount: (p) => `${p.crypto} (${p.usd})`,
  footer: (p) => `Pedido: n.º ${p.orderId}\nPagado: ${p.paid}`,
  orderLink: (p) => `Consulta tu pedido cuando quieras: ${p.url}`,
  thanks: 'Gracias por usar nuestro servicio.',

  supportReply: {
    subject: (p) => `Re: tu mensaje al soporte${p.orderId === null ? '' : ` sobre el pedido n.º ${p.orderId}`}`,
    youWrote: 'Escribiste:',
    seeOrder: (p) => `Ver tu pedido: ${p.url}`,
    howToAnswer: 'Para responder, vuelve a abrir el chat en vivo de nuestro sitio (en el mismo navegador, o con tu sesión iniciada).',
  },

  signInCode: {
    subject: (p) => `Tu código de acceso: ${p.code}`,
    body: (p) => `Tu código de acceso es ${p.code}. Es válido durante 10 minutos.\n\nSi no lo pediste, ignora este mensaje.`,
  },
};
