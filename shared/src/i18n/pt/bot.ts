import { flagEmoji } from '../../format';
import { escapeHtml as h } from '../html';
import type { BotMessages } from '../en/bot';
import { inCountry } from './grammar';
import { pay } from './web-pay';

export const bot: BotMessages = {
  cmdStart: 'Começar e abrir o menu',
  cmdRecharge: 'Recarregar um telefone',
  cmdOrders: 'Seus pedidos recentes',
  cmdBalance: 'Seu saldo',
  cmdLanguage: 'Mudar o idioma',
  cmdSupport: 'Falar com o suporte',
  cmdHelp: 'O que este bot faz',
  cmdCancel: 'Sair da recarga atual',
  cmdPrivacy: 'Nossa política de privacidade',
  cmdPaySupport: 'Ajuda com um pagamento',
  paySupport: (p) =>
    '<b>Ajuda com um pagamento</b>\n' +
    (p.reference
      ? `Seu último pedido: <code>${h(p.reference)}</code>. Informe esta referência quando nos escrever`
      : 'Você ainda não tem pedidos. Informe o endereço para o qual pagou') +
    ', e o hash da transação da sua carteira se enviou um pagamento. Um pagamento nunca se perde: o que não pode ser entregue é creditado no seu saldo.',
  menuButton: 'Recarregar',

  welcome: (p) =>
    `👋 Bem-vindo, <b>${h(p.name)}</b>!\n\nEnvie créditos e pacotes de dados para celulares do mundo todo e pague com cripto.\n\nAbra o app ou recarregue aqui mesmo no chat.`,
  btnOpenApp: '📱 Abrir o app',
  btnRechargeInChat: '⚡ Recarregar no chat',
  help:
    '<b>O que eu posso fazer</b>\n' +
    '/recharge – recarregar um telefone, passo a passo\n' +
    '/orders – seus pedidos recentes e o status\n' +
    '/balance – seu saldo (créditos de recargas que falharam), e adicionar a ele\n' +
    '/language – mudar o idioma\n' +
    '/support – falar com o suporte\n' +
    '/cancel – sair da recarga atual\n\n' +
    'Depois de /recharge você também pode enviar um número internacional completo (ex.: +237 671 234 567): eu encontro o país e a operadora.',
  supportTitle: '<b>Precisa de ajuda?</b> Fale conosco:',
  supportEmail: (p) => `✉️ E-mail: ${h(p.email)}`,
  supportTelegram: (p) => `💬 Telegram: ${h(p.handle)}`,
  supportWhatsapp: (p) => `📞 WhatsApp: ${h(p.number)}`,
  supportNone: 'Os contatos do suporte ainda não foram configurados. Tente novamente mais tarde.',
  supportOrderHint: 'Informe o número do pedido quando nos escrever.',
  supportReply: (p) =>
    `💬 <b>Resposta do suporte${p.orderId === null ? '' : ` sobre o pedido #${p.orderId}`}:</b>\n\n${h(p.text)}\n\n<i>Para responder, abra o chat ao vivo do nosso site, com a sessão iniciada pelo Telegram.</i>`,
  languagePrompt: 'Escolha seu idioma:',
  languageSet: '✅ Idioma alterado para português.',

  cancelled: 'Recarga cancelada. Envie /recharge para começar de novo.',
  nothingToCancel: 'Não há nada para cancelar. Envie /recharge para recarregar um telefone.',
  staleButton: 'Este botão pertence a uma mensagem anterior e não funciona mais. Envie /recharge para começar de novo.',
  staleStep: 'Esse botão é de uma etapa anterior. Use a última mensagem.',
  fallback: 'Não entendi. Envie /recharge para recarregar um telefone, ou /help para ver o que eu posso fazer.',
  useButtons: 'Escolha com os botões da última mensagem ou digite sua resposta.',
  answerTooLong: 'Isso é longo demais para uma resposta aqui. Digite apenas o que esta etapa pede.',
  tooFast: 'Você está enviando mensagens muito rápido. Aguarde alguns segundos; respondo às que chegaram primeiro.',
  errorGeneric: 'Algo deu errado do nosso lado. Tente novamente.',
  serviceUnavailable: 'O serviço não está acessível agora. Tente novamente em instantes.',

  stepCountry:
    '🌍 <b>Etapa 1 de 6 · País</b>\nEscolha um país popular, digite o nome de um país ou envie o número internacional completo (ex.: +237 671 234 567).',
  errorLoadingCountries: 'Erro ao carregar os países. Tente novamente mais tarde.',
  countryNotFound: 'Nenhum país encontrado. Verifique a ortografia ou escolha abaixo.',
  countryCandidates: 'Você quis dizer um destes?',
  numberNotRecognised: (p) => `❌ ${h(p.error)}`,
  detected: (p) => (p.operator ? `📍 Detectado: <b>${h(p.country)}</b> · ${h(p.operator)}` : `📍 Detectado: <b>${h(p.country)}</b>`),
  stepOperator: (p) => `📶 <b>Etapa 2 de 6 · Operadora</b>\nEscolha a operadora ${h(inCountry(p.code, p.name))} ${flagEmoji(p.code)}:`,
  noOperators: 'Nenhuma operadora disponível para este país.',
  errorLoadingOperators: 'Erro ao carregar as operadoras. Tente novamente mais tarde.',
  stepAmount: (p) => `💵 <b>Etapa 3 de 6 · Valor</b>\nEscolha um valor para ${h(p.operator)}.`,
  customAmountHint: (p) => `Ou digite um valor entre ${h(p.min)} e ${h(p.max)}.`,
  localAmountAdjusted: (p) =>
    `ℹ️ A operadora envia ${h(p.got)}, não exatamente ${h(p.typed)}: o valor mais próximo para um preço em centavos inteiros (${h(p.usd)}).`,
  noAmounts: 'Nenhum valor disponível para esta operadora.',
  errorLoadingAmounts: 'Erro ao carregar os valores. Tente novamente mais tarde.',
  amountNotANumber: 'Digite um valor em dólares americanos, ex.: 12.50.',
  amountOutOfRange: (p) => `O valor deve estar entre ${h(p.min)} e ${h(p.max)}.`,
  amountNotOffered: (p) => `${h(p.operator)} só vende estes valores: ${h(p.amounts)}. Escolha um dos botões.`,
  stepPhone: (p) =>
    `📱 <b>Etapa 4 de 6 · Número de telefone</b>\nDigite o número a recarregar ${h(inCountry(p.code, p.name))} ${flagEmoji(p.code)}.\nDigite só o número local, sem o código do país: <code>${h(p.dialCode)}</code> é adicionado para você.`,
  btnShareContact: '📱 Usar meu próprio número',
  shareContactHint: 'Vai recarregar o seu próprio telefone? Toque em “📱 Usar meu próprio número” abaixo.',
  phoneChosen: (p) => `📱 Número: <b>${h(p.phone)}</b>`,
  phoneInvalid: (p) => `❌ ${h(p.error)}\nConfira o número e envie de novo.`,
  stepCoin: '🪙 <b>Etapa 5 de 6 · Criptomoeda</b>\nCom qual criptomoeda você quer pagar? Depois você escolhe a rede.',
  stepNetwork: (p) =>
    `🔗 <b>Rede</b>\nVocê pode enviar ${h(p.asset)} nestas redes, da mais barata à mais cara (a taxa de rede é paga pela sua carteira na transferência):`,
  choiceWords: pay.choiceWords,
  reviewTitle: '🧾 <b>Etapa 6 de 6 · Revise o pedido</b>',
  reviewNotice:
    '• Você tem 6 minutos para enviar o pagamento\n• A recarga é enviada automaticamente quando o pagamento for confirmado\n• Confira bem o número de telefone\n• Envie para o endereço exato mostrado',
  priceUnavailable: '(preço indisponível no momento)',
  btnConfirm: '✅ Confirmar',
  btnEdit: '✏️ Editar',
  btnCancel: '✖️ Cancelar',
  editPrompt: 'O que você quer mudar?',
  btnEditCountry: '🌍 País',
  btnEditOperator: '📶 Operadora',
  btnEditAmount: '💵 Valor',
  btnEditPhone: '📱 Telefone',
  btnEditCoin: '🪙 Cripto',
  btnBackToReview: '↩️ Voltar ao resumo',
  paymentFailed: (p) => `Não foi possível criar o pagamento. Tente novamente.\n<i>${h(p.error)}</i>`,
  reviewAgain: 'Você pode confirmar de novo, editar o pedido ou cancelar.',

  payTitle: (p) => `💳 <b>Conclua o pagamento</b> · pedido nº ${p.orderId}`,
  paySend: 'Envie exatamente:',
  payTo: 'Para este endereço:',
  payComment: 'Com este comentário (memo); sem ele o pagamento não pode ser associado ao seu pedido:',
  payNetwork: (p) => `🔗 Rede: <b>${h(p.network)}</b>`,
  payExpires: (p) => `⏳ Expira às ${h(p.time)} UTC (faltam ${p.minutes} min)`,
  payScan: (p) => `Escaneie com sua carteira de ${h(p.coin)}, ou copie o valor e o endereço (toque para copiar).`,
  payImportant: 'Envie o valor exato e somente nesta rede. A recarga é processada automaticamente.',
  payFromWallet: pay.fromWallet,
  btnOpenIn: (p) => `👛 Abrir no ${p.wallet}`,
  btnCancelPayment: '✖️ Cancelar o pagamento',
  btnNewPayment: '🔄 Criar novo pagamento',
  btnNewRecharge: '⚡ Nova recarga',
  statusWaiting: '⏳ Aguardando o pagamento...',
  statusConfirming: (p) => `🔄 Pagamento detectado: confirmando ${p.n}/${p.m}`,
  statusConfirmingPlain: '🔄 Pagamento detectado: confirmando',
  statusPaid: '✅ Pagamento recebido - processando a recarga...',
  statusProcessing: '⚙️ Enviando a recarga...',
  statusCompleted: '🎉 Recarga concluída!',
  completedTo: (p) => `Sua recarga foi enviada com sucesso para ${h(p.phone)}: ${h(p.amount)}.`,
  transactionId: (p) => `ID da transação: <code>${h(p.id)}</code>`,
  statusFailed: '❌ A recarga falhou',
  failedCredit: (p) => `O pagamento foi recebido, mas a recarga não pôde ser concluída. ${h(p.amount)} foi creditado no seu saldo (/balance).`,
  statusExpired: '⌛ O prazo de pagamento expirou',
  expiredBody:
    'Seu prazo de pagamento de 6 minutos expirou. O endereço da carteira não está mais reservado. Crie uma nova solicitação de pagamento para continuar.',
  statusCancelled: '✖️ Pagamento cancelado',
  paymentCancelled: 'Pagamento cancelado.',
  cancelRefused: (p) => `Não é possível cancelar: ${p.error}`,
  newPaymentNotPossible: 'Este pedido não está mais aguardando pagamento.',
  orderNotFound: 'Pedido não encontrado.',
  orderSummary: (p) => `📱 ${h(p.phone)} · ${h(p.operator)}\n💵 ${h(p.amount)} · total ${h(p.total)}`,
  balanceTopupSummary: (p) => `💰 Recarga de saldo · ${h(p.total)}`,

  ordersTitle: '🧾 <b>Histórico de pedidos</b>',
  ordersEmpty: '<b>Nenhum pedido ainda</b>\nVocê ainda não fez nenhuma recarga de celular',
  btnFirstRecharge: 'Fazer minha primeira recarga',
  ordersFailed: 'Não foi possível carregar o histórico de pedidos. Tente novamente mais tarde.',
  ordersMore: (p) => `…e mais ${p.count} antigos.`,
  orderDetailsHint: 'Toque em um número de pedido para vê-lo.',
  balance: (p) => `💰 Seu saldo: <b>${h(p.amount)}</b>\nOs créditos de recargas que falharam e de pagamentos a mais ficam aqui.`,
  balanceFailed: 'Não foi possível carregar seu saldo. Tente novamente mais tarde.',

  btnAddBalance: '➕ Adicionar ao saldo',
  topupStepAmount: (p) =>
    `💰 <b>Etapa 1 de 3 · Adicionar ao saldo</b>\nQuanto você quer adicionar? Escolha um valor ou digite um em dólares americanos entre ${h(p.min)} e ${h(p.max)}.`,
  topupStepCoin: '🪙 <b>Etapa 2 de 3 · Criptomoeda</b>\nCom qual criptomoeda você quer pagar? Depois você escolhe a rede.',
  topupReviewTitle: '🧾 <b>Etapa 3 de 3 · Revisão</b>',
  topupAmount: 'Adicionado ao seu saldo',
  topupReviewNotice:
    '• Você tem 6 minutos para enviar o pagamento\n• O valor é adicionado ao seu saldo quando o pagamento for confirmado, sem taxa de serviço\n• Envie para o endereço exato mostrado',
  topupCancelled: 'Adição ao saldo cancelada. Envie /balance para começar de novo.',

  orderTitle: (p) => `🧾 <b>Pedido nº ${p.orderId}</b>`,
  payRest: 'Envie o restante:',
  payRestUntil: (p) => `⏳ O restante é aceito até ${h(p.time)} UTC.`,
  received: (p) => `📥 Recebido ${h(p.received)} de ${h(p.due)} ${h(p.coin)}.`,
  underpaid: (p) =>
    `Pagamento incompleto: ${h(p.received)} de ${h(p.due)} ${h(p.coin)} recebidos; envie o restante até ${h(p.time)} UTC ou ele será creditado no seu saldo.`,
  creditOnBalance: (p) => `💰 ${h(p.amount)} foi creditado no seu saldo (/balance): ${h(p.why)}.`,
  creditHeld: (p) => `💰 ${h(p.amount)} está guardado para você (${h(p.why)}): entre com o e-mail ou a conta do Telegram deste pedido para usá-lo.`,
  creditReasons: {
    overpayment: 'chegou mais do que o valor devido',
    late_payment: 'o pagamento chegou depois do prazo',
    underpayment: 'chegou menos do que o valor devido',
    wrong_coin: 'outra criptomoeda foi enviada ao endereço',
    failed_delivery: 'a recarga não pôde ser entregue',
  },
  resent: 'O suporte enviou esta recarga de novo.',
  slow: 'Está demorando mais do que o normal. Fale com o suporte informando o número do pedido.',
  btnCheckPayment: '🔄 Verificar pagamento',
  checked: (p) => `Situação: ${p.status}`,
  btnSupport: '💬 Falar com o suporte',
  supportReference: (p) => `Informe esta referência ao nos escrever: <code>${h(p.reference)}</code>`,
  btnBalance: '💰 Meu saldo',
  btnTopUpAgain: '🔁 Recarregar de novo',
  paymentAlreadyCreated: 'O novo pagamento já está na conversa, logo abaixo.',
  cancelRefusedFunds:
    'Este pedido não pode ser cancelado: um pagamento já chegou. Envie o restante antes do prazo indicado; se não chegar a tempo, o que chegou é creditado no seu saldo. Nada se perde.',
  cancelRefusedPaid: 'Este pedido não pode ser cancelado: está pago e a recarga está a caminho (ou feita).',

  btnBack: '⬅️ Voltar',
  btnPayFromBalance: (p) => `💰 Pagar com meu saldo (${p.balance})`,
  paidFromBalance: (p) => `✅ Pago com seu saldo; restam ${h(p.balance)}. A recarga está a caminho.`,
  operatorMismatch: (p) =>
    `⚠️ Este número é da <b>${h(p.detected)}</b>, não da ${h(p.chosen)}. Mudar para ${h(p.detected)}? (Se o número foi portado para a ${h(p.chosen)}, mantenha.)`,
  btnSwitchOperator: (p) => `✅ Mudar para ${p.name}`,
  btnKeepOperator: (p) => `Manter ${p.name}`,

  recentsTitle: '🔁 <b>Recarregar de novo</b> (um toque e confirme):',
  renamePrompt: (p) => `✏️ Envie um nome para <code>${h(p.phone)}</code> (ex.: Mãe), ou "-" para tirar o nome.`,
  renamed: (p) => `✅ Salvo como <b>${h(p.name)}</b>.`,
  nameRemoved: '✅ Nome removido.',
  inlineTitle: '📲 Me recarrega',
  inlineDescription: (p) => `Pedir a um amigo que recarregue o ${p.phone}`,
  inlineNoNumber: 'Digite seu número com o código do país, ex.: +237 677 12 34 56',
  inlineCard: (p) => `📲 <b>${h(p.name)}</b> pede uma recarga para o <code>${h(p.phone)}</code>.\nPague em cripto com dois toques:`,
  btnPayForFriend: '⚡ Recarregar este número',
};
