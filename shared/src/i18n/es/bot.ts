import { flagEmoji } from '../../format';
import { escapeHtml as h } from '../html';
import type { BotMessages } from '../en/bot';
import { inCountry } from './grammar';
import { pay } from './web-pay';

export const bot: BotMessages = {
  cmdStart: 'Empezar y abrir el menú',
  cmdRecharge: 'Recargar un teléfono',
  cmdOrders: 'Tus pedidos recientes',
  cmdBalance: 'Tu saldo',
  cmdLanguage: 'Cambiar el idioma',
  cmdSupport: 'Contactar con soporte',
  cmdHelp: 'Qué hace este bot',
  cmdCancel: 'Salir de la recarga en curso',
  cmdPrivacy: 'Nuestra política de privacidad',
  cmdPaySupport: 'Ayuda con un pago',
  paySupport: (p) =>
    '<b>Ayuda con un pago</b>\n' +
    (p.reference
      ? `Tu último pedido: <code>${h(p.reference)}</code>. Indica esta referencia cuando nos escribas`
      : 'Aún no tienes pedidos. Indícanos la dirección a la que pagaste') +
    ', y el hash de la transacción de tu billetera si enviaste un pago. Un pago nunca se pierde: lo que no se puede entregar se acredita a tu saldo.',
  menuButton: 'Recargar',

  welcome: (p) =>
    `👋 ¡Bienvenido, <b>${h(p.name)}</b>!\n\nEnvía saldo y datos móviles a teléfonos de todo el mundo y paga con cripto.\n\nAbre la app o recarga aquí mismo en el chat.`,
  btnOpenApp: '📱 Abrir la app',
  btnRechargeInChat: '⚡ Recargar en el chat',
  help:
    '<b>Lo que puedo hacer</b>\n' +
    '/recharge – recargar un teléfono, paso a paso\n' +
    '/orders – tus pedidos recientes y su estado\n' +
    '/balance – tu saldo (créditos de recargas fallidas), y añadir a él\n' +
    '/language – cambiar el idioma\n' +
    '/support – contactar con soporte\n' +
    '/cancel – salir de la recarga en curso\n\n' +
    'Después de /recharge también puedes enviar un número internacional completo (p. ej. +237 671 234 567): encuentro el país y el operador.',
  supportTitle: '<b>¿Necesitas ayuda?</b> Contáctanos:',
  supportEmail: (p) => `✉️ Correo: ${h(p.email)}`,
  supportTelegram: (p) => `💬 Telegram: ${h(p.handle)}`,
  supportWhatsapp: (p) => `📞 WhatsApp: ${h(p.number)}`,
  supportNone: 'Los contactos de soporte aún no están configurados. Inténtalo más tarde.',
  supportOrderHint: 'Indica tu número de pedido cuando nos escribas.',
  supportReply: (p) =>
    `💬 <b>Respuesta de soporte${p.orderId === null ? '' : ` sobre el pedido #${p.orderId}`}:</b>\n\n${h(p.text)}\n\n<i>Para responder, abre el chat en vivo de nuestra web, con la sesión iniciada con Telegram.</i>`,
  languagePrompt: 'Elige tu idioma:',
  languageSet: '✅ Idioma cambiado a español.',

  cancelled: 'Recarga cancelada. Envía /recharge para empezar de nuevo.',
  nothingToCancel: 'No hay nada que cancelar. Envía /recharge para recargar un teléfono.',
  staleButton: 'Este botón pertenece a un mensaje anterior y ya no funciona. Envía /recharge para empezar de nuevo.',
  staleStep: 'Ese botón es de un paso anterior. Usa el último mensaje.',
  fallback: 'No te he entendido. Envía /recharge para recargar un teléfono, o /help para ver lo que puedo hacer.',
  useButtons: 'Elige con los botones del último mensaje o escribe tu respuesta.',
  answerTooLong: 'Es demasiado largo para una respuesta aquí. Escribe solo lo que pide este paso.',
  tooFast: 'Estás enviando mensajes muy rápido. Espera unos segundos; respondo a los que llegaron primero.',
  errorGeneric: 'Algo salió mal por nuestra parte. Inténtalo de nuevo.',
  serviceUnavailable: 'El servicio no está disponible ahora mismo. Inténtalo de nuevo en un momento.',

  stepCountry:
    '🌍 <b>Paso 1 de 6 · País</b>\nElige un país popular, escribe el nombre de un país o envía el número internacional completo (p. ej. +237 671 234 567).',
  errorLoadingCountries: 'Error al cargar los países. Inténtalo más tarde.',
  countryNotFound: 'No se encontró ningún país. Revisa la ortografía o elige abajo.',
  countryCandidates: '¿Quisiste decir uno de estos?',
  numberNotRecognised: (p) => `❌ ${h(p.error)}`,
  detected: (p) => (p.operator ? `📍 Detectado: <b>${h(p.country)}</b> · ${h(p.operator)}` : `📍 Detectado: <b>${h(p.country)}</b>`),
  stepOperator: (p) => `📶 <b>Paso 2 de 6 · Operador</b>\nElige el operador ${h(inCountry(p.code, p.name))} ${flagEmoji(p.code)}:`,
  noOperators: 'No hay operadores disponibles para este país.',
  errorLoadingOperators: 'Error al cargar los operadores. Inténtalo más tarde.',
  stepAmount: (p) => `💵 <b>Paso 3 de 6 · Importe</b>\nElige un importe para ${h(p.operator)}.`,
  customAmountHint: (p) => `O escribe un importe entre ${h(p.min)} y ${h(p.max)}.`,
  localAmountAdjusted: (p) =>
    `ℹ️ El operador envía ${h(p.got)}, no exactamente ${h(p.typed)}: el importe más cercano para un precio en centavos enteros (${h(p.usd)}).`,
  noAmounts: 'No hay importes disponibles para este operador.',
  errorLoadingAmounts: 'Error al cargar los importes. Inténtalo más tarde.',
  amountNotANumber: 'Escribe un importe en dólares estadounidenses, p. ej. 12.50.',
  amountOutOfRange: (p) => `El importe debe estar entre ${h(p.min)} y ${h(p.max)}.`,
  amountNotOffered: (p) => `${h(p.operator)} solo vende estos importes: ${h(p.amounts)}. Elige uno de los botones.`,
  stepPhone: (p) =>
    `📱 <b>Paso 4 de 6 · Número de teléfono</b>\nIntroduce el número a recargar ${h(inCountry(p.code, p.name))} ${flagEmoji(p.code)}.\nIntroduce solo el número local, sin prefijo: <code>${h(p.dialCode)}</code> se añade automáticamente.`,
  btnShareContact: '📱 Usar mi propio número',
  shareContactHint: '¿Recargas tu propio teléfono? Toca «📱 Usar mi propio número» abajo.',
  phoneChosen: (p) => `📱 Número: <b>${h(p.phone)}</b>`,
  phoneInvalid: (p) => `❌ ${h(p.error)}\nRevisa el número y envíalo de nuevo.`,
  stepCoin: '🪙 <b>Paso 5 de 6 · Criptomoneda</b>\n¿Con qué criptomoneda quieres pagar? Después eliges la red.',
  stepNetwork: (p) =>
    `🔗 <b>Red</b>\nPuedes enviar ${h(p.asset)} por estas redes, de la más barata a la más cara (la comisión de red la paga tu billetera por la transferencia):`,
  choiceWords: pay.choiceWords,
  reviewTitle: '🧾 <b>Paso 6 de 6 · Revisa el pedido</b>',
  reviewNotice:
    '• Tienes 6 minutos para enviar el pago\n• La recarga se envía automáticamente al confirmarse el pago\n• Comprueba bien el número de teléfono\n• Envía a la dirección exacta indicada',
  priceUnavailable: '(precio no disponible ahora mismo)',
  btnConfirm: '✅ Confirmar',
  btnEdit: '✏️ Editar',
  btnCancel: '✖️ Cancelar',
  editPrompt: '¿Qué quieres cambiar?',
  btnEditCountry: '🌍 País',
  btnEditOperator: '📶 Operador',
  btnEditAmount: '💵 Importe',
  btnEditPhone: '📱 Teléfono',
  btnEditCoin: '🪙 Cripto',
  btnBackToReview: '↩️ Volver al resumen',
  paymentFailed: (p) => `No se pudo crear el pago. Inténtalo de nuevo.\n<i>${h(p.error)}</i>`,
  reviewAgain: 'Puedes confirmar de nuevo, editar el pedido o cancelar.',

  payTitle: (p) => `💳 <b>Completa el pago</b> · pedido n.º ${p.orderId}`,
  paySend: 'Envía exactamente:',
  payTo: 'A esta dirección:',
  payComment: 'Con este comentario (memo); sin él el pago no se puede asociar a su pedido:',
  payNetwork: (p) => `🔗 Red: <b>${h(p.network)}</b>`,
  payExpires: (p) => `⏳ Caduca a las ${h(p.time)} UTC (quedan ${p.minutes} min)`,
  payScan: (p) => `Escanea con tu billetera de ${h(p.coin)}, o copia el importe y la dirección (toca para copiar).`,
  payImportant: 'Envía el importe exacto y solo en esta red. La recarga se procesa automáticamente.',
  payFromWallet: pay.fromWallet,
  btnOpenIn: (p) => `👛 Abrir en ${p.wallet}`,
  btnCancelPayment: '✖️ Cancelar el pago',
  btnNewPayment: '🔄 Crear un nuevo pago',
  btnNewRecharge: '⚡ Nueva recarga',
  statusWaiting: '⏳ Esperando el pago...',
  statusConfirming: (p) => `🔄 Pago detectado: confirmando ${p.n}/${p.m}`,
  statusConfirmingPlain: '🔄 Pago detectado: confirmando',
  statusPaid: '✅ Pago recibido - procesando la recarga...',
  statusProcessing: '⚙️ Enviando la recarga...',
  statusCompleted: '🎉 ¡Recarga completada!',
  completedTo: (p) => `Tu recarga se ha enviado correctamente a ${h(p.phone)}: ${h(p.amount)}.`,
  transactionId: (p) => `ID de transacción: <code>${h(p.id)}</code>`,
  statusFailed: '❌ La recarga falló',
  failedCredit: (p) => `El pago se recibió, pero la recarga no se pudo completar. Se han abonado ${h(p.amount)} a tu saldo (/balance).`,
  statusExpired: '⌛ El plazo de pago ha caducado',
  expiredBody: 'Tu plazo de pago de 6 minutos ha caducado. La dirección de la billetera ya no está reservada. Crea una nueva solicitud de pago para continuar.',
  statusCancelled: '✖️ Pago cancelado',
  paymentCancelled: 'Pago cancelado.',
  cancelRefused: (p) => `No se puede cancelar: ${p.error}`,
  newPaymentNotPossible: 'Este pedido ya no espera un pago.',
  orderNotFound: 'Pedido no encontrado.',
  orderSummary: (p) => `📱 ${h(p.phone)} · ${h(p.operator)}\n💵 ${h(p.amount)} · total ${h(p.total)}`,
  balanceTopupSummary: (p) => `💰 Recarga de saldo · ${h(p.total)}`,

  ordersTitle: '🧾 <b>Historial de pedidos</b>',
  ordersEmpty: '<b>Aún no hay pedidos</b>\nTodavía no has hecho ninguna recarga móvil',
  btnFirstRecharge: 'Hacer mi primera recarga',
  ordersFailed: 'No se pudo cargar el historial de pedidos. Inténtalo más tarde.',
  ordersMore: (p) => `…y ${p.count} más antiguos.`,
  orderDetailsHint: 'Toca un número de pedido para verlo.',
  balance: (p) => `💰 Tu saldo: <b>${h(p.amount)}</b>\nAquí se guardan los créditos de recargas fallidas y pagos en exceso.`,
  balanceFailed: 'No se pudo cargar tu saldo. Inténtalo más tarde.',

  btnAddBalance: '➕ Añadir al saldo',
  topupStepAmount: (p) =>
    `💰 <b>Paso 1 de 3 · Añadir al saldo</b>\n¿Cuánto quieres añadir? Elige un importe o escribe uno en dólares estadounidenses entre ${h(p.min)} y ${h(p.max)}.`,
  topupStepCoin: '🪙 <b>Paso 2 de 3 · Criptomoneda</b>\n¿Con qué criptomoneda quieres pagar? Después eliges la red.',
  topupReviewTitle: '🧾 <b>Paso 3 de 3 · Revisión</b>',
  topupAmount: 'Se añade a tu saldo',
  topupReviewNotice:
    '• Tienes 6 minutos para enviar el pago\n• El importe se añade a tu saldo al confirmarse el pago, sin tarifa de servicio\n• Envía a la dirección exacta indicada',
  topupCancelled: 'Recarga de saldo cancelada. Envía /balance para empezar de nuevo.',

  orderTitle: (p) => `🧾 <b>Pedido n.º ${p.orderId}</b>`,
  payRest: 'Envía el resto:',
  payRestUntil: (p) => `⏳ El resto se acepta hasta las ${h(p.time)} UTC.`,
  received: (p) => `📥 Recibido ${h(p.received)} de ${h(p.due)} ${h(p.coin)}.`,
  underpaid: (p) =>
    `Pago incompleto: ${h(p.received)} de ${h(p.due)} ${h(p.coin)} recibidos; envía el resto antes de las ${h(p.time)} UTC o se abonará a tu saldo.`,
  creditOnBalance: (p) => `💰 Se abonaron ${h(p.amount)} a tu saldo (/balance): ${h(p.why)}.`,
  creditHeld: (p) => `💰 ${h(p.amount)} te esperan (${h(p.why)}): inicia sesión con el correo o la cuenta de Telegram de este pedido para usarlos.`,
  creditReasons: {
    overpayment: 'llegó más del importe debido',
    late_payment: 'el pago llegó después del plazo',
    underpayment: 'llegó menos del importe debido',
    wrong_coin: 'se envió otra criptomoneda a la dirección',
    failed_delivery: 'la recarga no se pudo entregar',
  },
  resent: 'Soporte volvió a enviar esta recarga.',
  slow: 'Esto tarda más de lo habitual. Contacta con soporte indicando tu número de pedido.',
  btnCheckPayment: '🔄 Comprobar el pago',
  checked: (p) => `Estado: ${p.status}`,
  btnSupport: '💬 Contactar con soporte',
  supportReference: (p) => `Indica esta referencia cuando nos escribas: <code>${h(p.reference)}</code>`,
  btnBalance: '💰 Mi saldo',
  btnTopUpAgain: '🔁 Recargar de nuevo',
  paymentAlreadyCreated: 'El nuevo pago ya está en el chat, más abajo.',
  cancelRefusedFunds:
    'Este pedido no se puede cancelar: ya llegó un pago. Envía el resto antes del plazo indicado; si no llega a tiempo, lo recibido se abona a tu saldo. No se pierde nada.',
  cancelRefusedPaid: 'Este pedido no se puede cancelar: está pagado y su recarga está en camino (o hecha).',

  btnBack: '⬅️ Atrás',
  btnPayFromBalance: (p) => `💰 Pagar con mi saldo (${p.balance})`,
  paidFromBalance: (p) => `✅ Pagado con tu saldo; te quedan ${h(p.balance)}. La recarga está en camino.`,
  operatorMismatch: (p) =>
    `⚠️ Este número es de <b>${h(p.detected)}</b>, no de ${h(p.chosen)}. ¿Cambiar a ${h(p.detected)}? (Si el número se pasó a ${h(p.chosen)}, mantenlo.)`,
  btnSwitchOperator: (p) => `✅ Cambiar a ${p.name}`,
  btnKeepOperator: (p) => `Mantener ${p.name}`,

  recentsTitle: '🔁 <b>Recargar de nuevo</b> (un toque y confirma):',
  renamePrompt: (p) => `✏️ Envía un nombre para <code>${h(p.phone)}</code> (p. ej. Mamá), o «-» para quitarle el nombre.`,
  renamed: (p) => `✅ Guardado como <b>${h(p.name)}</b>.`,
  nameRemoved: '✅ Nombre quitado.',
  inlineTitle: '📲 Recárgame',
  inlineDescription: (p) => `Pedir a un amigo que recargue el ${p.phone}`,
  inlineNoNumber: 'Escribe tu número con su prefijo internacional, p. ej. +237 677 12 34 56',
  inlineCard: (p) => `📲 <b>${h(p.name)}</b> te pide una recarga para el <code>${h(p.phone)}</code>.\nPágala en cripto en dos toques:`,
  btnPayForFriend: '⚡ Recargar este número',
};
