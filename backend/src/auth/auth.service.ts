import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { toE164 } from '@towing/contracts';
import { isUniqueViolation, UserEntity } from '@towing/db';
import { fieldError, unauthorized } from '../common/errors.js';
import type { LoginDto } from './dto/login.dto.js';
import type { RegisterDto } from './dto/register.dto.js';
import { hashPassword, verifyPassword } from './password.js';

@Injectable()
export class AuthService {
  /** Checked against when the username is unknown, so that answer costs the same scrypt work as a wrong password. */
  private readonly dummyHash = hashPassword(randomBytes(16).toString('hex'));

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async register(dto: RegisterDto): Promise<UserEntity> {
    const users = this.dataSource.getRepository(UserEntity);
    try {
      const { password, ...profile } = dto;
      const saved = await users.save(users.create({ ...profile, phoneE164: toE164(profile.phone), password: await hashPassword(password), role: 'customer' }));
      return users.findOneByOrFail({ id: saved.id });
    } catch (error) {
      // The username is the one unique thing about an account; the email is not, so this says nothing about whose it is.
      if (isUniqueViolation(error)) throw fieldError(409, 'username', 'This username is already taken');
      throw error;
    }
  }

  /** Usernames are unique whatever their case, so this finds exactly one account or none. */
  async verifyCredentials(dto: LoginDto): Promise<UserEntity> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.password')
      .where('lower(user.username) = lower(:username)', { username: dto.username })
      .getOne();
    const matches = await verifyPassword(dto.password, user?.password ?? (await this.dummyHash));
    if (!user || !user.isActive || !matches) throw unauthorized('Invalid username or password');
    return user;
  }
}
