import './tma.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadSchemas, setInitData } from '../api/client';
import { countriesQuery, createQueryClient, pricingQuery } from '../api/queries';
import { ToastProvider } from '../components/Toast';
import { App } from './App';
import { I18nProvider } from '../i18n/I18n';
import { negotiateLocale } from '../shared';
import { startTelegram } from './telegram';

async function main() {
  // The response schemas' chunk, fetched beside the first API calls (see api/client.ts).
  void loadSchemas();
  // Development outside Telegram: a mocked Telegram environment (never part of the production build).
  const mocked = import.meta.env.DEV && (await import('./dev-mock')).mockTelegramOutside();
  const env = startTelegram();
  // The mock's init data is not signed: in that case the API is called anonymously.
  setInitData(mocked ? null : env.initDataRaw);
  const queryClient = createQueryClient();
  // The first screen's data, asked for before the first render.
  void queryClient.prefetchQuery(countriesQuery());
  void queryClient.prefetchQuery(pricingQuery());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider initial={negotiateLocale({ telegram: env.user?.languageCode, accepted: navigator.languages })}>
          <ToastProvider>
            <App env={env} />
          </ToastProvider>
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void main();
