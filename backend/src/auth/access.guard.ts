import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { accessOf, admits, REFUSALS } from '../common/access.js';
import { forbidden, unauthorized } from '../common/errors.js';
import { readSessionToken } from './session-cookie.js';
import { SessionsService } from './sessions.service.js';
import type { UserEntity } from '@towing/db';

export interface AuthenticatedRequest extends Request {
  user?: UserEntity | null;
}

/** Resolves the session on every request and enforces each route's @Access (admin when absent). */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket messages are authorised at the handshake (admin room) and by each handler.
    if (context.getType() !== 'http') return true;
    const access = accessOf(this.reflector, context.getHandler(), context.getClass());
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    request.user = await this.sessions.resolve(readSessionToken(request.headers.cookie));
    if (access === 'public') return true;
    if (!request.user) throw unauthorized('Please sign in');
    if (access !== 'signed-in' && !admits(access, request.user)) throw forbidden(REFUSALS[access]);
    return true;
  }
}
