import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan, MoreThan } from 'typeorm';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { SessionEntity, type UserEntity } from '@towing/db';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Server-side sessions: signing out, or rotating SESSION_SECRET, ends them for good. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async start(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.dataSource.getRepository(SessionEntity).insert({ tokenHash: this.hash(token), userId, expiresAt });
    return { token, expiresAt };
  }

  /** The active user a session token belongs to, or null. */
  async resolve(token: string | undefined): Promise<UserEntity | null> {
    if (!token) return null;
    const session = await this.dataSource.getRepository(SessionEntity).findOne({
      where: { tokenHash: this.hash(token), expiresAt: MoreThan(new Date()) },
      relations: { user: true },
    });
    return session?.user.isActive ? session.user : null;
  }

  async end(token: string | undefined): Promise<void> {
    if (token) await this.dataSource.getRepository(SessionEntity).delete({ tokenHash: this.hash(token) });
  }

  async deleteExpired(): Promise<void> {
    await this.dataSource.getRepository(SessionEntity).delete({ expiresAt: LessThan(new Date()) });
  }

  private hash(token: string): string {
    return createHmac('sha256', this.environment.sessionSecret).update(token).digest('hex');
  }
}
