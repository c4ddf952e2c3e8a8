import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { registerServiceWorker } from './register-service-worker';
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
// while the screen's chunk loads (a prerendered page starts this script after its paint,
// start-after-paint.js). It is hydrated in a transition, which React works in slices that let the
// browser answer a tap in between, not in one long task: the page works without script meanwhile.
// Any other page, and every page the service worker answers with the app shell, renders from
// scratch. /sos and /emergency never run this: their own script is sos-main.ts.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);

registerServiceWorker();
