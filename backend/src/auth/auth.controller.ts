import { Body, Controller, HttpCode, Inject, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { SessionResponse, UserResponse } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { toUserView } from '@towing/db';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { clientKey } from '../rate-limit/client-key.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import type { AuthenticatedRequest } from './access.guard.js';
import { AuthService } from './auth.service.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { deviceCookie } from './device-cookie.js';
import { LoginThrottle } from './login-throttle.js';
import { clearedSessionCookie, readSessionToken, sessionCookie } from './session-cookie.js';
import { SessionsService } from './sessions.service.js';

/** Accounts one client may create in an hour: a family or an office behind one address, not a script. */
export const REGISTER_LIMIT = { name: 'register', points: 10, windowSeconds: 3600 };

@Controller()
@Access('public')
export class AuthController {
  private readonly publicOverHttps: boolean;

  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    @Inject(ENVIRONMENT) environment: Environment,
  ) {
    this.publicOverHttps = environment.publicUrl.startsWith('https:');
  }

  /** Creates a customer account. It does not sign in: the screen then asks to log in. Each call costs a password hash, hence the limit. */
  @Endpoint('POST /api/auth/register')
  @RateLimit(REGISTER_LIMIT)
  async register(@Body() dto: RegisterDto): Promise<UserResponse> {
    return { user: toUserView(await this.auth.register(dto)) };
  }

  /** Throttled by LoginThrottle: a known device (its device cookie) on its own, any other client by address (clientKey) and by account. */
  @Endpoint('POST /api/auth/login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserResponse> {
    const attempt = await this.throttle.attempt(dto.username, clientKey(request.ip), request.headers.cookie, response);
    const user = await this.auth.verifyCredentials(dto).catch(async (error: unknown) => {
      if (!(error instanceof UnauthorizedException)) await attempt.abandoned();
      throw error;
    });
    const device = await attempt.succeeded();
    const { token, expiresAt } = await this.sessions.start(user.id);
    const secure = this.secureCookies(request);
    // The session cookie first: clients that keep one cookie keep the session.
    response.setHeader('Set-Cookie', [sessionCookie(token, expiresAt, secure), deviceCookie(device, secure)]);
    return { user: toUserView(user) };
  }

  @Endpoint('POST /api/auth/logout')
  @HttpCode(204)
  async logout(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.end(readSessionToken(request.headers.cookie));
    response.setHeader('Set-Cookie', clearedSessionCookie(this.secureCookies(request)));
  }

  /** A visitor is an ordinary answer (`user: null`), so an anonymous page load logs no error. */
  @Endpoint('GET /api/auth/me')
  me(@Req() request: AuthenticatedRequest): SessionResponse {
    return { user: request.user ? toUserView(request.user) : null };
  }

  /** Secure when the site is public over https, or this request came over https (directly or through a trusted proxy). */
  private secureCookies(request: Request): boolean {
    return this.publicOverHttps || request.secure;
  }
}
