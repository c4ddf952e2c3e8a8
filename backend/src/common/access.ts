import { SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { drivesTrucks, ROLES, type Role, type User } from '@towing/contracts';

/**
 * Who may call a route:
 * - public: anyone, no session needed;
 * - signed-in: any role;
 * - staff: admins and drivers (what both the board and /driver read, e.g. an SOS's photo);
 * - driver: people who drive: driver accounts and the admins whose account says they drive;
 * - admin: admins only; money, fleet costs, settings and everything else on the board.
 */
export type Access = 'public' | 'signed-in' | 'staff' | 'driver' | 'admin';
export const ACCESS_KEY = 'access';

/**
 * Who may call a route. A route without this decorator is admin-only, so a forgotten
 * decorator fails closed.
 */
export const Access = (access: Access) => SetMetadata(ACCESS_KEY, access);

/** A route's access as the guard enforces it: the method's @Access, else its class's, else admin. */
export function accessOf(reflector: Reflector, handler: Function, controller: Function): Access {
  return reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, controller]) ?? 'admin';
}

const ADMITTED: Record<Access, readonly Role[]> = {
  public: ROLES,
  'signed-in': ROLES,
  staff: ['admin', 'driver'],
  // An admin is admitted only when the account drives (admits), see admits().
  driver: ['driver', 'admin'],
  admin: ['admin'],
};

/** The signed-in roles an access level admits (public routes also admit no session at all). */
export function rolesAdmitted(access: Access): readonly Role[] {
  return ADMITTED[access];
}

/** Whether a signed-in user may call a route of this access level. */
export function admits(access: Access, user: Pick<User, 'role' | 'drives'>): boolean {
  if (access === 'driver') return drivesTrucks(user);
  return rolesAdmitted(access).includes(user.role);
}

/** The refusal a signed-in user gets from a route their role does not admit. */
export const REFUSALS: Record<Exclude<Access, 'public' | 'signed-in'>, string> = {
  staff: 'Only staff can do this',
  driver: 'Only drivers can do this',
  admin: 'Only staff can do this',
};
