import { registerServiceWorker } from '../../register-service-worker';
import { startSosPage } from './sos-page';
import { startStaticShell } from '../shell';

// The one script of /sos and /emergency (see frontend/build/prerender-plugin.ts): the page is the
// HTML built from SosPage.tsx, and this is all that runs on it. The rest of the app loads only
// when the driver leaves for another page.
startSosPage();
startStaticShell();
registerServiceWorker();
