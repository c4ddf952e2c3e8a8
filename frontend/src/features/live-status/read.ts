import { api } from '../../shared/api/client';

/** The server's figures; a module of its own so /sos can read them without the query library. */
export const readLiveStats = () => api.call('GET /api/stats/live');
