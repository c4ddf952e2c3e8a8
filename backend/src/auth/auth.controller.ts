import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { Response } from 'express';
import type { UserResponse } from '@towing/contracts';
import { Access } from '../common/access.js';
import { ENVIRONMENT } from '../config/config.module.js';
import type { Environment } from '../config/environment.js';
import type { AuthenticatedRequest } from './access.guard.js';
import { AuthService } from './auth.service.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { clearedSessionCookie, readSessionToken, sessionCookie } from './session-cookie.js';
import { SessionsService } from './sessions.service.js';
import { toUserView } from './user.view.js';

@Controller('auth')
@Access('public')
export class AuthController {
  private readonly secureCookies: boolean;

  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    @Inject(ENVIRONMENT) environment: Environment,
  ) {
    this.secureCookies = environment.publicUrl.startsWith('https:');
  }

  /** Creates a customer account. It does not sign in: the screen then asks to log in. */
  @Post('register')
  async register(@Body() dto: RegisterDto): Promise<UserResponse> {
    return { user: toUserView(await this.auth.register(dto)) };
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) response: Response): Promise<UserResponse> {
    const user = await this.auth.verifyCredentials(dto);
    const { token, expiresAt } = await this.sessions.start(user.id);
    response.setHeader('Set-Cookie', sessionCookie(token, expiresAt, this.secureCookies));
    return { user: toUserView(user) };
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.end(readSessionToken(request.headers.cookie));
    response.setHeader('Set-Cookie', clearedSessionCookie(this.secureCookies));
  }

  @Get('me')
  me(@Req() request: AuthenticatedRequest): UserResponse {
    if (!request.user) throw new UnauthorizedException('Please sign in');
    return { user: toUserView(request.user) };
  }
}
