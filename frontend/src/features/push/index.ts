export { PushToggle } from './PushToggle';
