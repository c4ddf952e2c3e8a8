export { type AuthStatus, displayName, useAuthStore } from './auth.store';
export { useVerifySession } from './useVerifySession';

/** Signing out is rare: its code loads when asked for, not with every page. */
export const loadSignOut = () => import('./sign-out');
