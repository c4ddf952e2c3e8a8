// Bundles the compiled API and worker (backend/dist/main.js, worker/dist/main.js, written by
// `tsc -b`) into dist/main.bundle.js each: what `npm start`, the images and the tests run. Run by
// `npm run build`, `npm start` and `npm test` after the TypeScript build.
//
// Why: Node 20 resolves, reads and links every ES module one by one, and the ES modules are most
// of a process's start (our own files, Nest, libphonenumber, the helpers Swagger imports). In one
// file the API was ready on 2.6 s of CPU instead of 3.8, the worker on 2.3 s instead of 2.9 (a
// 2-core Xeon): every restart, deploy and test stack starts sooner.
//
// What stays out: every other package, the CommonJS ones among them (TypeORM, BullMQ, ioredis, pg,
// pino, class-validator...). Several are loaded by name at run time (Nest loads class-validator,
// pino starts its transports from their files, BullMQ and msgpackr find files of their own), and a
// second, bundled copy would keep metadata of its own; imported from node_modules, each is loaded
// once, as before.
import { rmSync } from 'node:fs';
import { rolldown } from 'rolldown';

const root = new URL('../../', import.meta.url).pathname;

/** The ES-module packages bundled with our code; anything else imported by name stays external. */
const BUNDLED = [/^@nestjs\//, /^@towing\//, /^libphonenumber-js(\/|$)/, /^es-toolkit(\/|$)/, /^date-fns(\/|$)/];
const bundled = (id) => BUNDLED.some((pattern) => pattern.test(id));
const isPackageName = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('node:') && !id.startsWith('\0');

for (const dist of ['backend/dist', 'worker/dist']) {
  const bundle = await rolldown({
    input: `${root}${dist}/main.js`,
    platform: 'node',
    external: (id, _importer, isResolved) => !isResolved && isPackageName(id) && !bundled(id),
    // Nest names the optional packages it would load if used (microservices, GraphQL...): they stay imports that never run.
    onLog: (level, log, handler) => (log.code === 'UNRESOLVED_IMPORT' && /'@nestjs\//.test(log.message) ? undefined : handler(level, log)),
  });
  // The packages Nest imports only when asked (the HTTP and socket platforms) stay chunks loaded then, as they were modules.
  rmSync(`${root}${dist}/chunks`, { recursive: true, force: true });
  await bundle.write({ dir: `${root}${dist}`, entryFileNames: 'main.bundle.js', chunkFileNames: 'chunks/[name]-[hash].js', format: 'esm', sourcemap: true });
  await bundle.close();
}
