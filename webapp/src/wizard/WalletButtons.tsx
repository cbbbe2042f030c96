import './wallets.css';
import { lazy, Suspense, type MouseEvent } from 'react';
import type { TWalletLinks } from '@topup/shared';
import { useI18n } from '../i18n/I18n';

/** TON Connect's SDK is large: its own chunk, fetched only for an order payable through TON Connect. */
const TonConnectPay = lazy(() => import('./TonConnectPay'));

/**
 * One tap to the wallet, beside the QR code (a phone cannot scan the code it shows): "Open in wallet"
 * with the network's payment link (EIP-681 on EVM networks, for any wallet registered for its scheme),
 * and the links of the wallets that have their own (MetaMask; Trust Wallet where the network has one).
 * Each opens the wallet's send screen with the chain, token, address and amount of the order; the
 * API's chain adapter builds them, this only shows them; where they offer TON Connect, the wallet
 * connected through it pays the order `paymentId` in one tap. `open` replaces the browser's own way of
 * following a link (the mini-app opens them through Telegram).
 */
export function WalletButtons({ links, paymentId, open }: { links: TWalletLinks; paymentId: string; open?: ((url: string) => void) | undefined }) {
  const { web } = useI18n();
  const follow = (url: string) =>
    open &&
    ((e: MouseEvent) => {
      e.preventDefault();
      open(url);
    });
  return (
    <div className="wz-wallets" role="group" aria-label={web.pay.openInWalletApp}>
      {links.tonConnect && (
        <Suspense fallback={null}>
          <TonConnectPay paymentId={paymentId} payment={links.uri} />
        </Suspense>
      )}
      <a className="wz-button" href={links.uri} onClick={follow(links.uri)} data-testid="open-in-wallet">
        {web.pay.openInWallet}
      </a>
      <div className="wz-wallet-apps">
        {links.apps.map(({ id, name, url }) => (
          <a
            key={id}
            className="wz-button wz-button-secondary"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={follow(url)}
            aria-label={web.pay.openIn({ name })}
          >
            {name}
          </a>
        ))}
      </div>
    </div>
  );
}
