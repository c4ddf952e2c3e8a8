export { displayType, sidebarAnnouncements } from './announcement-order';
export { readActiveAnnouncements } from './read';
