import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError } from 'typeorm';
import { isUniqueViolation } from '../database/pg-errors.js';
import type { LoginDto } from './dto/login.dto.js';
import type { RegisterDto } from './dto/register.dto.js';
import { hashPassword, verifyPassword } from './password.js';
import { UserEntity } from './user.entity.js';

@Injectable()
export class AuthService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async register(dto: RegisterDto): Promise<UserEntity> {
    const users = this.dataSource.getRepository(UserEntity);
    try {
      const { password, ...profile } = dto;
      const saved = await users.save(users.create({ ...profile, password: await hashPassword(password), role: 'customer' }));
      return users.findOneByOrFail({ id: saved.id });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.duplicate(error as QueryFailedError);
      throw error;
    }
  }

  async verifyCredentials(dto: LoginDto): Promise<UserEntity> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.password')
      .where('lower(user.username) = lower(:username)', { username: dto.username })
      .getOne();
    if (!user || !user.isActive || !(await verifyPassword(dto.password, user.password))) {
      throw new UnauthorizedException('Invalid username or password');
    }
    return user;
  }

  private duplicate(error: QueryFailedError): ConflictException {
    const detail = String((error.driverError as { detail?: string }).detail ?? '');
    const field = detail.includes('(email)') ? 'email' : 'username';
    const message = field === 'email' ? 'An account with this email already exists' : 'This username is already taken';
    return new ConflictException({ statusCode: 409, error: 'Conflict', message, errors: [{ field, message }] });
  }
}
