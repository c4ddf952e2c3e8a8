export { displayType, sidebarAnnouncements } from './announcement-rules';
export { readActiveAnnouncements } from './read';
