import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { setUnauthorizedHandler } from './api/client';
import { createQueryClient } from './api/queries';
import { ToastProvider } from './components/Toaster';
import { navigate } from './router';
import './styles.css';

const queryClient = createQueryClient();

// A missing, expired or revoked session: back to the sign-in page, with nothing of it kept.
setUnauthorizedHandler(() => {
  navigate('/admin-login', { replace: true });
  window.setTimeout(() => queryClient.clear(), 0);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <App />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
