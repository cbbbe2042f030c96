import type { ChatContacts, WebPagesMessages } from '../en/web-pages';

/** "a … o a @… en Telegram" (after "escríbenos"); null when there is no contact. */
const otherWays = (p: ChatContacts): string | null =>
  [p.email && `a ${p.email}`, p.telegram && `a ${p.telegram} en Telegram`].filter(Boolean).join(' o ') || null;

const inCountries = (countries: number | null) => (countries === null ? 'de todo el mundo' : `de ${countries} ${countries === 1 ? 'país' : 'países'}`);

export const pages: WebPagesMessages = {
  effective: (p) => `Fecha de entrada en vigor: ${p.date} · Versión ${p.version}`,
  homeDescription: 'Envía recargas de saldo y paquetes de datos a teléfonos de todo el mundo y paga con criptomonedas.',

  landing: {
    title: 'Bienvenido',
    description: 'Recarga teléfonos de todo el mundo con criptomonedas. Inicia sesión para tener tus pedidos y tu saldo en un solo lugar.',
    eyebrow: 'Tu cuenta',
    heading: 'Recargas móviles pagadas con cripto, todo en un solo lugar',
    text: 'Inicia sesión para ver todos tus pedidos, guardar un saldo para tus próximas recargas y pagar con él en un toque.',
    getStarted: 'Empezar',
    signInToContinue: 'Inicia sesión para continuar',
    featuresTitle: 'Todo lo que necesitas para enviar saldo a los tuyos',
    airtimeTitle: 'Saldo y datos',
    airtimeBody: (p) => `Recarga teléfonos prepago ${inCountries(p.countries)}, con saldo o paquetes de datos.`,
    payTitle: 'Paga a tu manera',
    payBody: (p) => `${p.coins === null ? 'Criptomonedas' : `${p.coins} criptomonedas`}, una dirección nueva para cada pedido y nada que instalar.`,
    balanceTitle: 'Un saldo que te espera',
    balanceBody: 'Añade fondos una vez y paga con tu saldo las próximas recargas. Los pagos que no se pueden entregar se abonan en él.',
    stepsTitle: 'Cuatro pasos para una recarga',
    steps: [
      { title: 'País y operador', body: 'Elige dónde está el teléfono y su operador móvil.' },
      { title: 'Importe y teléfono', body: 'Elige un importe e introduce el número local.' },
      { title: 'Paga con cripto', body: 'Envía el importe exacto a la dirección de un solo uso en menos de 6 minutos.' },
      { title: 'Recarga instantánea', body: 'El saldo se envía en cuanto se confirma tu pago.' },
    ],
  },

  about: {
    description: (p) => `Quiénes somos y cómo funciona ${p.site}.`,
    lead: (p) =>
      `${p.site} ayuda a mantener con saldo los teléfonos de familiares y amigos más allá de las fronteras, pagando con las criptomonedas que ya tienes.`,
    whatTitle: 'Qué hacemos',
    whatBody: (p) =>
      `Enviamos saldo y paquetes de datos a teléfonos prepago ${inCountries(p.countries)} y aceptamos ${p.offered ? `${p.offered.coins} criptomonedas (${p.offered.coinNames}) en ${p.offered.networkNames}` : 'criptomonedas'}. Puedes usar este sitio web, nuestro bot de Telegram o nuestra mini app de Telegram.`,
    howTitle: 'Cómo trabajamos',
    howBody:
      'Cada pedido tiene su propia dirección de pago, y la recarga se envía automáticamente en cuanto se confirma el pago. Si algo sale mal, el valor de tu pago va a tu saldo: nunca se pierde.',
  },

  help: {
    description: 'Respuestas a las preguntas frecuentes sobre recargas y pagos con cripto.',
    send: {
      question: '¿Cómo envío una recarga?',
      answer:
        'Abre Recargar, elige el país, el operador, el número de teléfono y el importe; luego elige una criptomoneda y envía el importe exacto indicado a la dirección indicada.',
    },
    coins: {
      question: '¿Con qué criptomonedas puedo pagar?',
      answer: (p) =>
        `${p ? `${p.coins} en total: ${p.coinNames}, en ${p.networkNames}.` : 'Las que se muestran al pagar.'} USDT se ofrece en Ethereum y en Binance Smart Chain: envíalo por la red indicada.`,
    },
    time: {
      question: '¿Cuánto tiempo tengo para pagar?',
      answer: '6 minutos desde que se crea el pago. Un pago enviado dentro de ese plazo se acepta aunque sus confirmaciones lleguen más tarde.',
    },
    wrongAmount: {
      question: '¿Y si envío de menos, de más o tarde?',
      answer: 'No se pierde nada: un pago insuficiente, excesivo o tardío se abona en tu saldo y puedes usarlo en tu próxima recarga.',
    },
    failed: {
      question: '¿Y si la recarga falla?',
      answer:
        'El valor de tu pago se abona en tu saldo. Sin cuenta, inicia sesión en el mismo navegador para pasarlo a tu saldo, o contáctanos con tu número de pedido.',
    },
    account: {
      question: '¿Necesito una cuenta?',
      answer:
        'No. Sin cuenta, tus pedidos se recuerdan en este navegador. Inicia sesión (con Telegram o con un código enviado a tu correo) para guardarlos en tu cuenta y usar un saldo.',
    },
    orders: {
      question: '¿Dónde veo mis pedidos?',
      answer: 'En el Historial de pedidos. Cada pedido muestra su estado: completado en verde, pendiente en amarillo, fallido o cancelado en rojo.',
    },
    stillNeedHelp: '¿Sigues necesitando ayuda?',
  },

  terms: {
    description: (p) => `Las condiciones de uso de ${p.site}.`,
    sections: [
      {
        heading: 'El servicio',
        paragraphs: [
          (p) =>
            `${p.site} envía recargas de saldo y de datos a teléfonos prepago y cobra en criptomonedas. El importe que recibe el teléfono en moneda local lo fija el operador y se muestra como estimación antes de pagar.`,
        ],
      },
      {
        heading: 'Quién puede usarlo',
        paragraphs: ['Debes tener 18 años o más y poder usar criptomonedas donde vives. Puedes usar el servicio sin cuenta.'],
      },
      {
        heading: 'Pedidos y pago',
        paragraphs: [
          'Cada pedido tiene su propia dirección de depósito y un plazo de 6 minutos para enviar el pago. Envía el importe exacto, en la moneda y por la red indicadas. Antes de pagar se muestra una tarifa de servicio fija. La recarga se envía automáticamente en cuanto el pago se confirma en su blockchain.',
        ],
      },
      {
        heading: 'Comprueba el número',
        paragraphs: ['Una recarga entregada al número que introdujiste no se puede recuperar. Comprueba el número y el país antes de pagar.'],
      },
      {
        heading: 'Cuando una recarga no se puede entregar',
        paragraphs: [
          'Tu pago nunca se pierde. Si el operador rechaza la recarga, o un pago llega tarde, incompleto, con exceso o en otra moneda admitida, su valor se abona en tu saldo y puede usarse en recargas posteriores. Sin cuenta, el crédito se guarda con el pedido hasta que inicies sesión en el mismo navegador o nos contactes.',
        ],
      },
      {
        heading: 'Tu saldo',
        paragraphs: [
          'Tu saldo está en dólares estadounidenses y sirve para pagar recargas en este sitio. Es la suma de sus abonos y cargos registrados, que ves en tu panel.',
        ],
      },
      {
        heading: 'Uso justo',
        paragraphs: [
          'No uses el servicio para fraude, blanqueo de dinero ni para recargar números sin autorización. Podemos rechazar o retener pedidos que parezcan abusivos.',
        ],
      },
      {
        heading: 'Cambios',
        paragraphs: ['Podemos cambiar estas condiciones; la versión vigente es la publicada aquí.'],
        seeAlso: 'Consulta también nuestra',
      },
    ],
  },

  privacy: {
    description: (p) => `Cómo ${p.site} recoge, usa y protege tu información.`,
    sections: [
      {
        heading: 'Quiénes somos',
        paragraphs: [
          (p) =>
            `${p.site} te permite enviar recargas de saldo y de datos a teléfonos ${p.countries === null ? 'de muchos países' : `de ${p.countries} países`} y pagar con criptomonedas, en este sitio web, en nuestro bot de Telegram y en nuestra mini app de Telegram. Esta política explica qué información tratamos cuando usas cualquiera de ellos, por qué, y qué opciones tienes.`,
        ],
      },
      {
        heading: 'Información que recogemos',
        items: [
          ['Datos del pedido:', 'el número que se recarga, su país y operador, el importe, la criptomoneda elegida y la hora del pedido.'],
          ['Datos del pago:', 'la dirección de depósito de tu pedido y las transacciones enviadas a ella, que son públicas en su blockchain.'],
          ['Datos de contacto que nos das:', 'una dirección de correo para el recibo (opcional) o para iniciar sesión.'],
          [
            'Datos de la cuenta, si inicias sesión:',
            'tu correo electrónico, o tu id y nombre de Telegram si inicias sesión con Telegram; una foto de perfil si subes una; tu saldo y su historial.',
          ],
          [
            'Lo que guarda tu navegador:',
            'una cookie de sesión cuando has iniciado sesión, el tema elegido y, si pides sin cuenta, las referencias de esos pedidos para que puedas volver a verlos.',
          ],
        ],
        paragraphs: ['No pedimos tu nombre, tu dirección ni documentos de identidad para enviar una recarga, y nunca vemos las claves de tu monedero.'],
      },
      {
        heading: 'Cómo usamos tu información',
        paragraphs: [
          'Para entregar las recargas que pides, confirmar tus pagos, enviar los recibos y avisos que solicitas, llevar tu saldo, responderte cuando nos contactas y prevenir el fraude y el abuso. No vendemos tu información ni la usamos para publicidad.',
        ],
      },
      {
        heading: 'Pagos y datos de la blockchain',
        paragraphs: [
          'Cada pedido tiene su propia dirección de depósito y dispones de 6 minutos para enviar el pago. Los pagos viajan por blockchains públicas: el importe, las direcciones y la hora de una transacción pueden verlos todos y no podemos borrarlos ni nosotros ni tú.',
        ],
      },
      {
        heading: 'Con quién la compartimos',
        paragraphs: [
          'Para enviar una recarga pasamos el número, su operador y el importe a nuestro proveedor de recargas a través de su API, que entrega el saldo al teléfono. Usamos un servicio de correo para enviar mensajes, y fuentes de precios que nunca reciben tu información. Solo compartimos información con las autoridades cuando la ley lo exige.',
        ],
      },
      {
        heading: 'Pagos que no se pueden entregar',
        paragraphs: [
          'Un pago nunca se pierde. Si una recarga no se puede entregar, o un pago llega tarde, incompleto, con exceso o en otra moneda admitida, su valor se abona en tu saldo, donde puedes usarlo en tus próximas recargas. Si pediste sin cuenta, el crédito se guarda con el pedido: inicia sesión en el mismo navegador, o contáctanos con la referencia del pedido, y pasará a tu saldo.',
        ],
      },
      {
        heading: 'Cuánto tiempo la conservamos',
        paragraphs: [
          'Conservamos los pedidos, los pagos y los movimientos del saldo durante el tiempo que la ley exige para los registros financieros. Los códigos de inicio de sesión caducan a los 10 minutos; las sesiones terminan tras 30 días sin uso o cuando cierras sesión.',
        ],
      },
      {
        heading: 'Cómo la protegemos',
        paragraphs: [
          'Las conexiones están cifradas, las sesiones se guardan como hashes de un solo sentido y nuestros servidores no guardan ninguna clave privada de las direcciones de depósito. El acceso a los datos de los clientes se limita al personal que lo necesita para operar el servicio, y cada acción administrativa queda registrada.',
        ],
      },
      {
        heading: 'Tus derechos y límite de edad',
        paragraphs: [
          'Nuestro servicio es para personas de 18 años o más. Puedes pedirnos una copia de tu información, corregirla o eliminar tu cuenta; los registros que la ley nos obliga a conservar se guardan el tiempo que exige. Escríbenos a la dirección de abajo.',
        ],
      },
      {
        heading: 'Cambios en esta política',
        paragraphs: ['Cuando cambiamos esta política publicamos aquí la nueva versión con su fecha y su número de versión.'],
        seeAlso: 'Léela junto con nuestros',
      },
    ],
  },

  contact: {
    title: 'Contacto',
    privacyTeam: (p) => `Equipo de privacidad de ${p.site}`,
    supportTeam: (p) => `Soporte de ${p.site}`,
    email: 'Correo',
    website: 'Sitio web',
    liveChat: 'Chat en vivo: el botón de chat en la parte inferior de cada página.',
  },

  chat: {
    welcome: (p) => `¡Hola! 👋 Bienvenido al soporte de ${p.site}. ¿En qué podemos ayudarte hoy?`,
    whatsappGreeting: (p) => `¡Hola! Necesito ayuda con una recarga móvil en ${p.site}.`,
    answerInChat: 'aquí, en este chat',
    answerByEmail: (p) => `aquí y por correo a ${p.address}`,
    answerInTelegram: 'aquí y en nuestro bot de Telegram',
    acknowledgement: (p) => {
      const ways = otherWays(p);
      return `¡Gracias! Tu mensaje llegó a nuestro equipo de soporte; te responderemos ${p.where}.${ways ? ` Para una respuesta más rápida, escríbenos ${ways}.` : ''}`;
    },
    notSent: (p) => {
      const ways = otherWays(p);
      return `Tu mensaje no se envió: ${p.reason} ${ways ? `También puedes escribirnos ${ways}.` : 'También puedes contactarnos desde la página de Contacto.'}`;
    },
    unreachable: 'no pudimos conectar con nuestro servidor.',
    tooLong: (p) => `Tu mensaje debe tener menos de ${p.max} caracteres.`,
    emailNeeded: 'Introduce tu correo electrónico para que podamos responderte.',
    aboutOrder: 'Sobre el pedido',
    withoutOrder: 'Escribir sin el pedido',
    fromSupport: 'Soporte:',
    fromMe: 'Tú:',
    sending: 'Enviando…',
  },

  promotions: {
    title: 'Promociones',
    show: (p) => `Ver la promoción ${p.n}`,
  },
};
