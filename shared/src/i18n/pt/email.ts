import type { EmailMessages } from '../en/email';

export const email: EmailMessages = {
  receiptPaid: {
    subject: (p) => `Pagamento recebido – pedido nº ${p.orderId}`,
    body: (p) => `Recebemos seu pagamento de ${p.paid}. Sua recarga está a caminho.`,
  },
  receiptCompleted: {
    subject: (p) => (p.balanceTopup ? `Seu saldo foi recarregado – pedido nº ${p.orderId}` : `Sua recarga foi enviada – pedido nº ${p.orderId}`),
    body: (p) => `Pronto: ${p.what}.${p.transactionId ? ` ID da transação: ${p.transactionId}.` : ''}`,
  },
  receiptFailed: {
    subject: (p) => `A recarga falhou – ${p.credited} creditados no seu saldo – pedido nº ${p.orderId}`,
    body: (p) => `Não conseguimos entregar ${p.what}. Nada se perde: ${p.credited} foram creditados no seu saldo; use-os na sua próxima recarga.`,
  },
  receiptFailedHeld: {
    subject: (p) => `A recarga falhou – ${p.credited} guardados para você – pedido nº ${p.orderId}`,
    body: (p) =>
      `Não conseguimos entregar ${p.what}. Nada se perde: ${p.credited} estão guardados para você. Entre com este e-mail (${p.email}) para usá-los: eles vão para o seu saldo assim que você entrar.`,
  },
  receiptOther: { subject: (p) => `Pedido nº ${p.orderId}: ${p.status}` },
  whatRecharge: (p) => `${p.amount} de crédito para ${p.phone} (${p.operator})`,
  whatBalanceTopup: (p) => `a recarga de saldo de ${p.amount}`,
  paidAmount: (p) => `${p.crypto} (${p.usd})`,
  footer: (p) => `Pedido: nº ${p.orderId}\nPago: ${p.paid}`,
  orderLink: (p) => `Veja seu pedido quando quiser: ${p.url}`,
  thanks: 'Obrigado por usar nosso serviço.',

  supportReply: {
    subject: (p) => `Re: sua mensagem ao suporte${p.orderId === null ? '' : ` sobre o pedido nº ${p.orderId}`}`,
    youWrote: 'Você escreveu:',
    seeOrder: (p) => `Veja seu pedido: ${p.url}`,
    howToAnswer: 'Para responder, abra de novo o chat ao vivo do nosso site (no mesmo navegador, ou com sua conta conectada).',
  },

  signInCode: {
    subject: (p) => `Seu código de acesso: ${p.code}`,
    body: (p) => `Seu código de acesso é ${p.code}. Ele vale por 10 minutos.\n\nSe você não pediu, ignore esta mensagem.`,
  },
};
