export { SOS_PAGES } from './sos-pages';
