import { api } from '../../shared/api/client';

/** The announcements showing now; a module of its own so /sos can read them without the query library. */
export const readActiveAnnouncements = () => api.call('GET /api/announcements', { query: { active: 'true' } });
