export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  role: Role;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface RegisterRequest {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

export interface UserResponse {
  user: User;
}

/** GET /api/auth/me: who is signed in; `null` is the ordinary answer for a visitor, not an error. */
export interface SessionResponse {
  user: User | null;
}

/** Name of the httpOnly cookie that carries the session token. */
export const SESSION_COOKIE = 'sid';
