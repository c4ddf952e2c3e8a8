import { registerServiceWorker } from '../../register-service-worker';
import { startSosPage } from './sos-page';
import { startStaticShell } from '../shell';

// The one script of /sos and /emergency (see frontend/build/prerender-plugin.ts): the page is the
// HTML built from SosPage.tsx, and this is all that runs on it. The rest of the app loads only
// when the driver leaves for another page.
startSosPage();
// The header's menus and the sidebar's reads in a task of their own: a cheap phone's main thread
// is never held long at once, and the form is working before they start.
setTimeout(startStaticShell);
registerServiceWorker();
