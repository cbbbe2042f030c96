/**
 * What Telegram's rules (Terms of Service for Bot Developers, section 7) forbid the bot and its mini-app
 * to show under the TON-only policy, found in what a surface shows: an EVM address, a MetaMask or Trust
 * Wallet link, an `ethereum:` payment link, or a link to the site (every page of it leads to its
 * checkout, which offers other coins) other than the mini-app itself (`/telegram`). One list for the
 * bot's messages and the mini-app's screens.
 */
export function nonTonTraces(shown: { text: string; links: readonly string[] }, site: string): string[] {
  const traces = [...shown.text.matchAll(/0x[0-9a-fA-F]{40}|metamask|trust ?wallet|ethereum:/gi)].map((m) => m[0]);
  const origin = new URL(site).origin;
  for (const link of shown.links) {
    if (/^(ethereum:|https?:\/\/(metamask\.app\.link|link\.trustwallet\.com))/i.test(link)) traces.push(link);
    const url = URL.canParse(link, site) ? new URL(link, site) : null;
    if (url?.origin === origin && !/^\/telegram(\/|$)/.test(url.pathname)) traces.push(link);
  }
  return traces;
}
