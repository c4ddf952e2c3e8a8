export { readLiveStats } from './read';
