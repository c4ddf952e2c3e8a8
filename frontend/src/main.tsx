import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// A page prerendered at build time (prerender.tsx) is hydrated: the server's HTML stays on screen
// while the screen's chunk loads. Any other page, and every page the service worker answers with
// the app shell, renders from scratch.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);

// The service worker (sw.ts) precaches the shell and /sos, so the SOS page opens with no signal
// after one visit. Registered once the page has loaded, so it never competes with the page itself;
// a prerendered page starts this script after its paint (start-after-paint.js), often after `load`.
if ('serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
