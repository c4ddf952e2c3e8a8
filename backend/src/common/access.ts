import { SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { ROLES, type Role } from '@towing/contracts';

export type Access = 'public' | 'signed-in' | 'admin';
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

/** The signed-in roles an access level admits (public routes also admit no session at all). */
export function rolesAdmitted(access: Access): readonly Role[] {
  return access === 'admin' ? ['admin'] : ROLES;
}
