import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ASSIGNEES, type DriverAccount, toE164 } from '@towing/contracts';
import { isUniqueViolation, SessionEntity, UserEntity, toUserView } from '@towing/db';
import { fieldError, notFound } from '../common/errors.js';
import { hashPassword } from '../auth/password.js';
import type { CreateDriverDto } from './dto/create-driver.dto.js';

function toDriverAccount(user: UserEntity): DriverAccount {
  const { id, username, firstName, lastName, email, phone, role, drives } = toUserView(user);
  return { id, username, firstName, lastName, email, phone, role, drives, active: user.isActive };
}

/** Admins create driver accounts and disable them; the admins who drive are listed too, not changed here. */
@Injectable()
export class DriverAccountsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<DriverAccount[]> {
    const users = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .where(`user.role = 'driver' OR (user.role = 'admin' AND user.drives)`)
      .orderBy('user.role', 'ASC')
      .addOrderBy('user.firstName', 'ASC')
      .getMany();
    return users.map(toDriverAccount);
  }

  /**
   * Jobs are assigned by first name, so a new driver's must be free: not 'Both' or 'Unassigned',
   * nor the name another driving account goes by.
   */
  async create(dto: CreateDriverDto): Promise<DriverAccount> {
    const firstName = dto.firstName.trim();
    const users = this.dataSource.getRepository(UserEntity);
    const taken =
      (ASSIGNEES as readonly string[]).some((name) => name.toLowerCase() === firstName.toLowerCase()) ||
      (await users
        .createQueryBuilder('user')
        .where(`(user.role = 'driver' OR (user.role = 'admin' AND user.drives)) AND lower(user.firstName) = lower(:firstName)`, { firstName })
        .getExists());
    if (taken) throw fieldError(409, 'firstName', 'Another driver already goes by this first name');
    try {
      const { password, ...profile } = dto;
      const saved = await users.save(
        users.create({ ...profile, firstName, lastName: dto.lastName.trim(), phoneE164: toE164(dto.phone), password: await hashPassword(password), role: 'driver' }),
      );
      return toDriverAccount(await users.findOneByOrFail({ id: saved.id }));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(409, 'username', 'This username is already taken');
      throw error;
    }
  }

  /** Disabling signs the driver out everywhere at once: a lost phone stops working. */
  async setActive(id: number, active: boolean): Promise<DriverAccount> {
    return this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const user = await users.findOneBy({ id, role: 'driver' });
      if (!user) throw notFound(`Driver ${id} not found`);
      user.isActive = active;
      await users.save(user);
      if (!active) await manager.getRepository(SessionEntity).delete({ userId: id });
      return toDriverAccount(user);
    });
  }
}
