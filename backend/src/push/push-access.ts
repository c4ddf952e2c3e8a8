import type { Access } from '../common/access.js';

/** Who may turn alerts on for a device, and whose push tokens still acknowledge: the staff. */
export const PUSH_ACCESS: Access = 'staff';
