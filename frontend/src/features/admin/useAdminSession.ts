import type { LoginRequest, User, UserResponse } from '@towing/contracts';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { getSocket } from '../../realtime/socket';
import { useAuthStore } from '../auth/auth.store';

export type AdminSession =
  | { state: 'checking' }
  | { state: 'signed-out' }
  | { state: 'not-admin'; user: User }
  | { state: 'admin'; user: User };

function sessionOf(user: User | null): AdminSession {
  if (!user) return { state: 'signed-out' };
  return user.role === 'admin' ? { state: 'admin', user } : { state: 'not-admin', user };
}

/**
 * Who is at the board, asked of the server (GET /api/auth/me); the server refuses a
 * non-admin's calls anyway, this only decides between the board and the sign-in prompt.
 */
export function useAdminSession() {
  const [session, setSession] = useState<AdminSession>({ state: 'checking' });

  useEffect(() => {
    let current = true;
    api
      .get<UserResponse>('/api/auth/me', { on401: 'returnNull' })
      .then((answer) => current && setSession(sessionOf(answer?.user ?? null)))
      .catch(() => current && setSession({ state: 'signed-out' }));
    return () => {
      current = false;
    };
  }, []);

  const signIn = useCallback(async (credentials: LoginRequest) => {
    const { user } = await api.post<UserResponse>('/api/auth/login', credentials);
    // The server puts a socket in the admin room at its handshake: reconnect so it carries the new session.
    if (user.role === 'admin') getSocket().disconnect().connect();
    // The shared header shows who is signed in; let it learn of this sign-in too.
    void useAuthStore.getState().verify();
    setSession(sessionOf(user));
    return user;
  }, []);

  return { session, signIn };
}
