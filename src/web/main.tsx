import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startSignedInReads } from './app/App.tsx';
import { getToken } from './lib/auth-token.ts';
import { forgetOfflineCopies } from './lib/offline-copies.ts';
import { queryClient } from './lib/query-client.ts';
import { warmDateFormats } from './lib/warm-date-formats.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

startSignedInReads();
// Signed out: copies an interrupted sign-out may have left on this device go now.
if (!getToken()) void forgetOfflineCopies();
warmDateFormats();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
