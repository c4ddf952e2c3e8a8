export { startStaticShell } from './static-shell';
