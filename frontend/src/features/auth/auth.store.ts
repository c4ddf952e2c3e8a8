import type { LoginRequest, RegisterRequest, User, UserResponse } from '@towing/contracts';
import { create } from 'zustand';
import { api } from '../../api/client';

/** Spec section 9: the signed-in user is kept in sessionStorage under this key. */
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

export interface AuthState {
  user: User | null;
  /** True while a login or register call is under way. */
  loading: boolean;
  /** Asks the server who is signed in; the cached copy only avoids a flash of "Login" on reload. */
  verify(): Promise<void>;
  login(credentials: LoginRequest): Promise<User>;
  register(account: RegisterRequest): Promise<User>;
  logout(): Promise<void>;
}

export const useAuthStore = create<AuthState>((set) => ({
  user: readCachedUser(),
  loading: false,

  async verify() {
    try {
      const answer = await api.get<UserResponse>('/api/auth/me', { on401: 'returnNull' });
      const user = answer?.user ?? null;
      cacheUser(user);
      set({ user });
    } catch {
      // Offline or the API is restarting: keep what this tab knew; the server still decides every call.
    }
  },

  async login(credentials) {
    set({ loading: true });
    try {
      const { user } = await api.post<UserResponse>('/api/auth/login', credentials);
      cacheUser(user);
      set({ user });
      return user;
    } finally {
      set({ loading: false });
    }
  },

  async register(account) {
    set({ loading: true });
    try {
      const { user } = await api.post<UserResponse>('/api/auth/register', account);
      return user;
    } finally {
      set({ loading: false });
    }
  },

  async logout() {
    try {
      await api.post<void>('/api/auth/logout');
    } finally {
      cacheUser(null);
      set({ user: null });
    }
  },
}));

/** The name the header and the toasts greet a user by. */
export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}
