import type { CommonMessages } from '../en/common';
import { inCountry } from './grammar';

export const common: CommonMessages = {
  languageName: 'Español',
  colon: ':',
  inCountry: (p) => inCountry(p.code, p.name),

  statusNames: {
    pending_crypto_payment: 'Esperando el pago',
    confirming: 'Confirmando',
    paid: 'Pagado',
    processing: 'En proceso',
    completed: 'Completado',
    failed: 'Fallido',
    payment_expired: 'Vencido',
    cancelled: 'Cancelado',
  },

  labels: {
    country: 'País',
    operator: 'Operador',
    phone: 'Teléfono',
    amount: 'Importe de la recarga',
    fee: 'Comisión de servicio',
    total: 'Total',
    payWith: 'Método de pago',
    totalCrypto: 'Total en cripto',
    network: 'Red',
    status: 'Estado',
    date: 'Fecha',
    transactionId: 'ID de transacción',
    order: 'Pedido',
  },
  serviceTypes: { airtime: 'Saldo', data: 'Paquete de datos' },

  amountChoice: (p) => `${p.local} · ${p.usd}`,
  approxLocal: (p) => `≈ ${p.local}`,
  customAmountLocal: (p) => `O escribe un importe en ${p.currency}`,
  customAmountUsd: 'O escribe un importe en dólares estadounidenses',
  recipientGets: (p) => `El destinatario recibe ${p.local}`,
  youPay: (p) => `Pagas ${p.usd} sin comisiones`,

  errors: {
    VALIDATION_ERROR: 'Algunos datos no son válidos. Revísalos e inténtalo de nuevo.',
    INVALID_PHONE: 'Formato de número de teléfono no válido',
    AMOUNT_OUT_OF_RANGE: 'Este importe no está disponible para este operador. Elige otro.',
    UNAUTHORIZED: 'Vuelve a iniciar sesión.',
    TOTP_REQUIRED: 'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
    FORBIDDEN: 'No tienes permiso para hacer esto.',
    REGISTRATIONS_CLOSED: 'Los registros nuevos están cerrados por ahora.',
    NOT_FOUND: 'No encontrado.',
    CONFLICT: 'Esto cambió mientras tanto. Inténtalo de nuevo.',
    INVALID_STATE: 'Este pedido ya no se puede cambiar.',
    INSUFFICIENT_FUNDS: 'Tu saldo no alcanza para este pedido.',
    PAYLOAD_TOO_LARGE: 'Es demasiado grande.',
    UNSUPPORTED_MEDIA_TYPE: 'Este tipo de archivo no se acepta.',
    IDEMPOTENCY_MISMATCH: 'Esta solicitud ya se hizo con otros datos. Vuelve a empezar.',
    RATE_LIMITED: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    INTERNAL: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
    PROVIDER_UNAVAILABLE: 'Las recargas no están disponibles ahora. Inténtalo en un momento.',
    MAINTENANCE: 'El servicio está en mantenimiento. Inténtalo más tarde.',
    PRICE_UNAVAILABLE: 'El precio de esta criptomoneda no está disponible ahora. Elige otra o inténtalo más tarde.',
    NETWORK_DISABLED: 'Esta red no está disponible ahora. Elige otra criptomoneda.',
  },
  phoneErrors: {
    required: 'El número de teléfono es obligatorio',
    invalidFormat: 'Formato de número de teléfono no válido',
    otherCountry: 'Este número no pertenece al país seleccionado',
    notMobile: 'Este no es un número de móvil',
    needsCountryCode: 'Introduce el número completo con el código del país, p. ej. +237 671 234 567',
  },

  numberFirst: {
    prompt: 'Número de teléfono a recargar',
    hint: 'Pega o escribe el número completo con el código del país, p. ej. +237 677 12 34 56',
    detected: (p) => (p.operator ? `${p.country} · ${p.operator}` : p.country),
    confirm: 'Continuar',
    chooseCountry: 'Elegir el país yo mismo',
  },

  recents: {
    title: 'Recargar de nuevo',
    again: (p) => `De nuevo: ${p.who} ${p.amount}`,
    rename: 'Cambiar nombre',
    remove: 'Quitar',
    namePlaceholder: 'Nombre, p. ej. Mamá',
    removed: 'Quitado de tus destinatarios recientes.',
  },

  share: {
    openInApp: 'Abrir en la app',
    openOnSite: 'Abrir en el sitio web',
    viewOrder: 'Ver pedido',
  },
};
