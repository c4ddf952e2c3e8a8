export const ROLES = ['admin', 'driver', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who drives the trucks: every driver account, and an admin whose account says it drives (the
 * two owners run the board and the trucks). Roles stay one per account; driving is a fact
 * about the person, stored as its own flag.
 */
export function drivesTrucks(user: Pick<User, 'role' | 'drives'>): boolean {
  return user.role === 'driver' || (user.role === 'admin' && user.drives);
}

export interface User {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  role: Role;
  /** True when this person drives a truck (see drivesTrucks); always true for a driver account. */
  drives: boolean;
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
