import type { LoginRequest, RegisterRequest, User } from '@towing/contracts';
import { create } from 'zustand';
import { api } from '../../shared/api/client';
import { renewSocketSession } from '../../shared/realtime/socket';

/** docs/rules.md, "Sign-in and timings": the signed-in user is kept in sessionStorage under this key. */
export const AUTH_STORAGE_KEY = 'auth_user';

function readCachedUser(): User | null {
  const raw = sessionStorage.getItem(AUTH_STORAGE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    sessionStorage.removeItem(AUTH_STORAGE_KEY);
    return null;
  }
}

function cacheUser(user: User | null): void {
  if (user) sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(user));
  else sessionStorage.removeItem(AUTH_STORAGE_KEY);
}

/**
 * 'unknown' until the server first says who is signed in (meanwhile `user` is this tab's cached
 * copy), 'known' once it has, 'unreachable' when that first question got no answer.
 */
export type AuthStatus = 'unknown' | 'known' | 'unreachable';

export interface AuthState {
  user: User | null;
  status: AuthStatus;
  /** True while a login or register call is under way. */
  loading: boolean;
  /** Asks the server who is signed in; the cached copy only avoids a flash of "Login" on reload. */
  verify(): Promise<void>;
  login(credentials: LoginRequest): Promise<User>;
  register(account: RegisterRequest): Promise<User>;
  logout(): Promise<void>;
}

/** The question under way: the shell and the admin screen both ask as they open, and one request answers both. */
let asking: Promise<void> | null = null;
/** Counts logins and logouts: an answer to a question asked before one of them is out of date. */
let sessionChanges = 0;

export const useAuthStore = create<AuthState>((set, get) => ({
  // The cached copy is read when verify() first runs, in an effect: pages are rendered to HTML at
  // build time, with nobody signed in, and the first render in the browser must match that HTML.
  user: null,
  status: 'unknown',
  loading: false,

  verify() {
    if (get().status === 'unknown' && !get().user) set({ user: readCachedUser() });
    asking ??= (async () => {
      const askedAt = sessionChanges;
      try {
        // A visitor is an ordinary answer ({ user: null }), so an anonymous page load logs no error.
        const { user } = await api.call('GET /api/auth/me');
        if (askedAt !== sessionChanges) return;
        cacheUser(user);
        set({ user, status: 'known' });
      } catch {
        // Offline or the API is restarting: keep what this tab knew; the server still decides every call.
        if (get().status === 'unknown') set({ status: 'unreachable' });
      } finally {
        asking = null;
      }
    })();
    return asking;
  },

  async login(credentials) {
    set({ loading: true });
    try {
      const { user } = await api.call('POST /api/auth/login', { body: credentials });
      sessionChanges += 1;
      cacheUser(user);
      set({ user, status: 'known' });
      return user;
    } finally {
      set({ loading: false });
    }
  },

  async register(account) {
    set({ loading: true });
    try {
      const { user } = await api.call('POST /api/auth/register', { body: account });
      return user;
    } finally {
      set({ loading: false });
    }
  },

  async logout() {
    try {
      await api.call('POST /api/auth/logout');
    } finally {
      sessionChanges += 1;
      cacheUser(null);
      set({ user: null, status: 'known' });
    }
  },
}));

// Whoever signs in or out anywhere in the app, the live socket follows.
useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) renewSocketSession();
});

/** The name the header and the toasts greet a user by. */
export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}
