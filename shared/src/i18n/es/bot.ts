import { flagEmoji } from '../../format';
import { escapeHtml as h } from '../html';
import type { BotMessages } from '../en/bot';
import { inCountry } from './grammar';

export const bot: BotMessages = {
  cmdStart: 'Empezar y abrir el menú',
  cmdRecharge: 'Recargar un teléfono',
  cmdOrders: 'Tus pedidos recientes',
  cmdBalance: 'Tu saldo',
  cmdLanguage: 'Cambiar el idioma',
  cmdSupport: 'Contactar con soporte',
  cmdHelp: 'Qué hace este bot',
  cmdCancel: 'Salir de la recarga en curso',
  menuButton: 'Recargar',

  welcome: (p) =>
    `👋 ¡Bienvenido, <b>${h(p.name)}</b>!\n\nEnvía saldo y datos móviles a teléfonos de todo el mundo y paga con cripto.\n\nAbre la app o recarga aquí mismo en el chat.`,
  btnOpenApp: '📱 Abrir la app',
  btnRechargeInChat: '⚡ Recargar en el chat',
  help:
    '<b>Lo que puedo hacer</b>\n' +
    '/recharge – recargar un teléfono, paso a paso\n' +
    '/orders – tus pedidos recientes y su estado\n' +
    '/balance – tu saldo (créditos de recargas fallidas)\n' +
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
  noAmounts: 'No hay importes disponibles para este operador.',
  errorLoadingAmounts: 'Error al cargar los importes. Inténtalo más tarde.',
  amountNotANumber: 'Escribe un importe en dólares estadounidenses, p. ej. 12.50.',
  amountOutOfRange: (p) => `El importe debe estar entre ${h(p.min)} y ${h(p.max)}.`,
  amountNotOffered: (p) => `${h(p.operator)} solo vende estos importes: ${h(p.amounts)}. Elige uno de los botones.`,
  stepPhone: (p) =>
    `📱 <b>Paso 4 de 6 · Número de teléfono</b>\nIntroduce el número a recargar ${h(inCountry(p.code, p.name))} ${flagEmoji(p.code)}.\nIntroduce solo el número local, sin prefijo: <code>${h(p.dialCode)}</code> se añade automáticamente.`,
  phoneInvalid: (p) => `❌ ${h(p.error)}\nRevisa el número y envíalo de nuevo.`,
  stepCoin: '🪙 <b>Paso 5 de 6 · Criptomoneda</b>\n¿Con qué criptomoneda quieres pagar? Después eliges la red.',
  stepNetwork: (p) => `🔗 <b>Red</b>\nPuedes enviar ${h(p.asset)} por estas redes, de la más barata a la más cara (la comisión de red la paga tu billetera por la transferencia):`,
  choiceWords: {
    fee: (amount) => `≈ ${amount} de comisión de red`,
    feeUnknown: 'comisión de red desconocida',
    underAMinute: 'menos de un minuto',
    aboutMinutes: (minutes) => (minutes === 1 ? 'un minuto aprox.' : `unos ${minutes} minutos`),
  },
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
  payNetwork: (p) => `🔗 Red: <b>${h(p.network)}</b>`,
  payExpires: (p) => `⏳ Caduca a las ${h(p.time)} UTC (${p.minutes} min)`,
  payScan: (p) => `Escanea con tu billetera de ${h(p.coin)}, o copia el importe y la dirección (toca para copiar).`,
  payImportant: 'Envía el importe exacto y solo en esta red. La recarga se procesa automáticamente.',
  payFromWallet: 'Envía a esta dirección, desde una billetera. Nunca envíes al contrato del token: los tokens enviados allí se pierden.',
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
  failedCredit: (p) =>
    `El pago se recibió, pero la recarga no se pudo completar. Se han abonado ${h(p.amount)} a tu saldo (/balance).`,
  statusExpired: '⌛ El plazo de pago ha caducado',
  expiredBody:
    'Tu plazo de pago de 6 minutos ha caducado. La dirección de la billetera ya no está reservada. Crea una nueva solicitud de pago para continuar.',
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
};
