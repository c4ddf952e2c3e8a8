import { SetMetadata } from '@nestjs/common';

export type Access = 'public' | 'signed-in' | 'admin';
export const ACCESS_KEY = 'access';

/**
 * Who may call a route. A route without this decorator is admin-only, so a forgotten
 * decorator fails closed.
 */
export const Access = (access: Access) => SetMetadata(ACCESS_KEY, access);
