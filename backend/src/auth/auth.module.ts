import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionsService } from './sessions.service.js';

@Module({
  controllers: [AuthController],
  providers: [AuthService, SessionsService, LoginThrottle, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionsService],
})
export class AuthModule {}
