import type { ChatContacts, WebPagesMessages } from '../en/web-pages';

/** "para … ou para @… no Telegram" (after "escreva"); null when there is no contact. */
const otherWays = (p: ChatContacts): string | null =>
  [p.email && `para ${p.email}`, p.telegram && `para ${p.telegram} no Telegram`].filter(Boolean).join(' ou ') || null;

const inCountries = (countries: number | null) => (countries === null ? 'do mundo todo' : `de ${countries} ${countries === 1 ? 'país' : 'países'}`);

export const pages: WebPagesMessages = {
  effective: (p) => `Data de vigência: ${p.date} · Versão ${p.version}`,
  homeDescription: 'Envie recargas de crédito e pacotes de dados para celulares do mundo todo e pague com criptomoedas.',

  landing: {
    title: 'Boas-vindas',
    description: 'Recarregue celulares do mundo todo com criptomoedas. Entre para manter seus pedidos e seu saldo em um só lugar.',
    eyebrow: 'Sua conta',
    heading: 'Recargas de celular pagas com cripto, tudo em um só lugar',
    text: 'Entre para ver todos os seus pedidos, manter um saldo para as próximas recargas e pagar com ele em um toque.',
    getStarted: 'Começar',
    signInToContinue: 'Entre para continuar',
    featuresTitle: 'Tudo o que você precisa para mandar crédito para casa',
    airtimeTitle: 'Crédito e dados',
    airtimeBody: (p) => `Recarregue celulares pré-pagos ${inCountries(p.countries)}, com crédito ou pacotes de dados.`,
    payTitle: 'Pague do seu jeito',
    payBody: (p) => `${p.coins === null ? 'Criptomoedas' : `${p.coins} criptomoedas`}, um endereço novo para cada pedido e nada para instalar.`,
    balanceTitle: 'Um saldo que fica com você',
    balanceBody: 'Adicione fundos uma vez e pague as próximas recargas com o seu saldo. Pagamentos que não podem ser entregues são creditados nele.',
    stepsTitle: 'Quatro passos para uma recarga',
    steps: [
      { title: 'País e operadora', body: 'Escolha onde está o celular e a operadora dele.' },
      { title: 'Valor e número', body: 'Escolha um valor e digite o número local.' },
      { title: 'Pague com cripto', body: 'Envie o valor exato para o endereço de uso único em até 6 minutos.' },
      { title: 'Recarga instantânea', body: 'O crédito é enviado assim que seu pagamento é confirmado.' },
    ],
  },

  about: {
    description: (p) => `Quem somos e como funciona a ${p.site}.`,
    lead: (p) =>
      `A ${p.site} ajuda as pessoas a manter com crédito os celulares da família e dos amigos, além das fronteiras, pagando com as criptomoedas que já têm.`,
    whatTitle: 'O que fazemos',
    whatBody: (p) =>
      `Enviamos crédito e pacotes de dados para celulares pré-pagos ${inCountries(p.countries)} e aceitamos ${p.offered ? `${p.offered.coins} criptomoedas (${p.offered.coinNames}) em ${p.offered.networkNames}` : 'criptomoedas'}. Você pode usar este site, nosso bot do Telegram ou nosso mini app do Telegram.`,
    howTitle: 'Como trabalhamos',
    howBody:
      'Cada pedido recebe seu próprio endereço de pagamento, e a recarga é enviada automaticamente assim que o pagamento é confirmado. Se algo der errado, o valor do seu pagamento vai para o seu saldo: ele nunca se perde.',
  },

  help: {
    description: 'Respostas às perguntas frequentes sobre recargas e pagamentos com cripto.',
    send: {
      question: 'Como envio uma recarga?',
      answer:
        'Abra Recarregar, escolha o país, a operadora, o número e o valor; depois escolha uma criptomoeda e envie o valor exato mostrado para o endereço mostrado.',
    },
    coins: {
      question: 'Com quais criptomoedas posso pagar?',
      answer: (p) =>
        `${p ? `${p.coins} no total: ${p.coinNames}, em ${p.networkNames}.` : 'As que aparecem na hora de pagar.'} O USDT é oferecido na Ethereum e na Binance Smart Chain: envie pela rede mostrada.`,
    },
    time: {
      question: 'Quanto tempo tenho para pagar?',
      answer: '6 minutos a partir da criação do pagamento. Um pagamento enviado dentro desse prazo é aceito mesmo que as confirmações cheguem depois.',
    },
    wrongAmount: {
      question: 'E se eu enviar de menos, de mais ou atrasado?',
      answer: 'Nada se perde: um pagamento a menos, a mais ou atrasado é creditado no seu saldo, e você pode usá-lo na próxima recarga.',
    },
    failed: {
      question: 'E se a recarga falhar?',
      answer:
        'O valor do seu pagamento é creditado no seu saldo. Sem conta, entre no mesmo navegador para passá-lo para o seu saldo, ou fale conosco com o número do pedido.',
    },
    account: {
      question: 'Preciso de uma conta?',
      answer:
        'Não. Sem conta, seus pedidos ficam guardados neste navegador. Entre (com o Telegram ou com um código enviado ao seu e-mail) para mantê-los na sua conta e usar um saldo.',
    },
    orders: {
      question: 'Onde vejo meus pedidos?',
      answer: 'No Histórico de pedidos. Cada pedido mostra seu status: concluído em verde, pendente em amarelo, com falha ou cancelado em vermelho.',
    },
    stillNeedHelp: 'Ainda precisa de ajuda?',
  },

  terms: {
    description: (p) => `Os termos de uso da ${p.site}.`,
    sections: [
      {
        heading: 'O serviço',
        paragraphs: [
          (p) =>
            `A ${p.site} envia recargas de crédito e de dados para celulares pré-pagos e recebe o pagamento em criptomoedas. O valor que o celular recebe em moeda local é definido pela operadora e mostrado como estimativa antes do pagamento.`,
        ],
      },
      {
        heading: 'Quem pode usar',
        paragraphs: ['Você precisa ter 18 anos ou mais e poder usar criptomoedas onde mora. Você pode usar o serviço sem conta.'],
      },
      {
        heading: 'Pedidos e pagamento',
        paragraphs: [
          'Cada pedido tem seu próprio endereço de depósito e um prazo de 6 minutos para enviar o pagamento. Envie o valor exato, na moeda e na rede mostradas. Uma taxa de serviço fixa é mostrada antes do pagamento. A recarga é enviada automaticamente assim que o pagamento é confirmado na blockchain.',
        ],
      },
      {
        heading: 'Confira o número',
        paragraphs: ['Uma recarga entregue ao número que você digitou não pode ser desfeita. Confira o número e o país antes de pagar.'],
      },
      {
        heading: 'Quando uma recarga não pode ser entregue',
        paragraphs: [
          'Seu pagamento nunca se perde. Se a operadora recusar a recarga, ou se um pagamento chegar atrasado, a menos, a mais ou em outra moeda aceita, o valor é creditado no seu saldo e pode ser usado em recargas futuras. Sem conta, o crédito fica guardado com o pedido até você entrar no mesmo navegador ou falar conosco.',
        ],
      },
      {
        heading: 'Seu saldo',
        paragraphs: [
          'Seu saldo é em dólares americanos e pode pagar recargas neste site. Ele é a soma dos créditos e débitos registrados, mostrados no seu painel.',
        ],
      },
      {
        heading: 'Uso justo',
        paragraphs: [
          'Não use o serviço para fraude, lavagem de dinheiro ou para recarregar números sem autorização. Podemos recusar ou reter pedidos que pareçam abusivos.',
        ],
      },
      {
        heading: 'Alterações',
        paragraphs: ['Podemos alterar estes termos; a versão em vigor é a publicada aqui.'],
        seeAlso: 'Veja também nossa',
      },
    ],
  },

  privacy: {
    description: (p) => `Como a ${p.site} coleta, usa e protege suas informações.`,
    sections: [
      {
        heading: 'Quem somos',
        paragraphs: [
          (p) =>
            `A ${p.site} permite enviar recargas de crédito e de dados para celulares ${p.countries === null ? 'de muitos países' : `de ${p.countries} países`} e pagar com criptomoedas, neste site, no nosso bot do Telegram e no nosso mini app do Telegram. Esta política explica quais informações tratamos quando você usa qualquer um deles, por quê, e as escolhas que você tem.`,
        ],
      },
      {
        heading: 'Informações que coletamos',
        items: [
          ['Dados do pedido:', 'o número a recarregar, seu país e operadora, o valor, a criptomoeda escolhida e o horário do pedido.'],
          ['Dados do pagamento:', 'o endereço de depósito do seu pedido e as transações enviadas a ele, que são públicas na blockchain.'],
          ['Dados de contato que você nos dá:', 'um endereço de e-mail para o recibo (opcional) ou para entrar.'],
          [
            'Dados da conta, se você entrar:',
            'seu e-mail, ou seu id e nome do Telegram quando você entra com o Telegram; uma foto de perfil, se você enviar uma; seu saldo e o histórico dele.',
          ],
          [
            'O que o seu navegador guarda:',
            'um cookie de sessão quando você está conectado, o tema escolhido e, se você fizer pedidos sem conta, as referências desses pedidos para que você possa vê-los de novo.',
          ],
        ],
        paragraphs: ['Não pedimos seu nome, endereço nem documentos de identidade para enviar uma recarga, e nunca vemos as chaves da sua carteira.'],
      },
      {
        heading: 'Como usamos suas informações',
        paragraphs: [
          'Para entregar as recargas que você pede, confirmar seus pagamentos, enviar os recibos e avisos que você solicita, manter seu saldo, responder quando você fala conosco e prevenir fraudes e abusos. Não vendemos suas informações nem as usamos para publicidade.',
        ],
      },
      {
        heading: 'Pagamentos e dados da blockchain',
        paragraphs: [
          'Cada pedido recebe seu próprio endereço de depósito, e você tem 6 minutos para enviar o pagamento. Os pagamentos trafegam em blockchains públicas: o valor, os endereços e o horário de uma transação podem ser vistos por qualquer pessoa e não podem ser apagados nem por nós nem por você.',
        ],
      },
      {
        heading: 'Com quem compartilhamos',
        paragraphs: [
          'Para enviar uma recarga, passamos o número, a operadora e o valor ao nosso provedor de recargas pela API dele, que entrega o crédito ao celular. Usamos um serviço de e-mail para enviar mensagens, e fontes de preços que nunca recebem suas informações. Só compartilhamos informações com autoridades quando a lei exige.',
        ],
      },
      {
        heading: 'Pagamentos que não podem ser entregues',
        paragraphs: [
          'Um pagamento nunca se perde. Se uma recarga não puder ser entregue, ou se um pagamento chegar atrasado, a menos, a mais ou em outra moeda aceita, o valor é creditado no seu saldo, onde você pode usá-lo nas próximas recargas. Se você fez o pedido sem conta, o crédito fica guardado com o pedido: entre no mesmo navegador, ou fale conosco com a referência do pedido, e ele é passado para o seu saldo.',
        ],
      },
      {
        heading: 'Por quanto tempo guardamos',
        paragraphs: [
          'Guardamos pedidos, pagamentos e movimentos do saldo pelo tempo que a lei exige para registros financeiros. Os códigos de acesso expiram após 10 minutos; as sessões terminam após 30 dias sem uso ou quando você sai.',
        ],
      },
      {
        heading: 'Como protegemos',
        paragraphs: [
          'As conexões são criptografadas, as sessões são guardadas como hashes de mão única e nossos servidores não guardam nenhuma chave privada dos endereços de depósito. O acesso aos dados dos clientes é limitado à equipe que precisa deles para operar o serviço, e cada ação administrativa é registrada.',
        ],
      },
      {
        heading: 'Seus direitos e limite de idade',
        paragraphs: [
          'Nosso serviço é para pessoas com 18 anos ou mais. Você pode nos pedir uma cópia das suas informações, a correção delas ou a exclusão da sua conta; os registros que a lei nos obriga a manter são guardados pelo tempo que ela exige. Escreva para nós no endereço abaixo.',
        ],
      },
      {
        heading: 'Alterações desta política',
        paragraphs: ['Quando alteramos esta política, publicamos aqui a nova versão com a data e o número da versão.'],
        seeAlso: 'Leia-a junto com nossos',
      },
    ],
  },

  contact: {
    title: 'Contato',
    privacyTeam: (p) => `Equipe de privacidade da ${p.site}`,
    supportTeam: (p) => `Suporte da ${p.site}`,
    email: 'E-mail',
    website: 'Site',
    liveChat: 'Chat ao vivo: o botão de chat no fim de cada página.',
  },

  chat: {
    welcome: (p) => `Olá! 👋 Boas-vindas ao suporte da ${p.site}. Como podemos ajudar você hoje?`,
    whatsappGreeting: (p) => `Olá! Preciso de ajuda com uma recarga de celular na ${p.site}.`,
    answerInChat: 'aqui, neste chat',
    answerByEmail: (p) => `aqui e por e-mail para ${p.address}`,
    answerInTelegram: 'aqui e no nosso bot do Telegram',
    acknowledgement: (p) => {
      const ways = otherWays(p);
      return `Obrigado! Sua mensagem chegou à nossa equipe de suporte; vamos responder ${p.where}.${ways ? ` Para uma resposta mais rápida, escreva ${ways}.` : ''}`;
    },
    notSent: (p) => {
      const ways = otherWays(p);
      return `Sua mensagem não foi enviada: ${p.reason} ${ways ? `Você também pode escrever ${ways}.` : 'Você também pode falar conosco pela página de Contato.'}`;
    },
    unreachable: 'não conseguimos acessar nosso servidor.',
    tooLong: (p) => `Sua mensagem deve ter menos de ${p.max} caracteres.`,
    emailNeeded: 'Digite seu e-mail para que possamos responder.',
    aboutOrder: 'Sobre o pedido',
    withoutOrder: 'Escrever sem o pedido',
    fromSupport: 'Suporte:',
    fromMe: 'Você:',
    sending: 'Enviando…',
  },

  promotions: {
    title: 'Promoções',
    show: (p) => `Ver a promoção ${p.n}`,
  },
};
