import type { User } from '@towing/contracts';
import { type AuthStatus, useAuthStore, useVerifySession } from '../../auth';

export type AdminSession =
  | { state: 'checking' }
  | { state: 'signed-out' }
  | { state: 'not-admin'; user: User }
  | { state: 'admin'; user: User };

/** While the server cannot be asked, the board offers the sign-in prompt, as to someone signed out. */
function sessionOf(status: AuthStatus, user: User | null): AdminSession {
  if (status === 'unknown') return { state: 'checking' };
  if (status === 'unreachable' || !user) return { state: 'signed-out' };
  return user.role === 'admin' ? { state: 'admin', user } : { state: 'not-admin', user };
}

/**
 * Who is at the board, from the auth store, asked of the server again each time the board opens;
 * the server refuses a non-admin's calls anyway, this only decides between the board and the sign-in prompt.
 */
export function useAdminSession() {
  useVerifySession();
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  const signIn = useAuthStore((state) => state.login);
  return { session: sessionOf(status, user), signIn };
}
