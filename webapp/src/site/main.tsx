import './site.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadSchemas, setExtraHeaders } from '../api/client';
import { createQueryClient, userQuery } from '../api/queries';
import { ToastProvider } from '../components/Toast';
import { App } from './App';
import { I18nProvider } from '../i18n/I18n';
import { rememberLocale, siteLocale } from './locale';
import { orderTokenHeaders } from './session';
import { startTheme } from './theme';

// The stored theme first, before anything is drawn.
startTheme();
// The response schemas' chunk, fetched beside the first API calls (see api/client.ts).
void loadSchemas();
setExtraHeaders(orderTokenHeaders);
const queryClient = createQueryClient();
void queryClient.prefetchQuery(userQuery());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider initial={siteLocale()} onChange={rememberLocale}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);
