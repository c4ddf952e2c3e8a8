import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BUSINESS } from '@towing/contracts';
import { UserEntity } from '@towing/db';
import { hashPassword } from './password.js';

export interface AdminAccount {
  username: string;
  /** Set only when this call generated the password: it is shown once and never stored in clear. */
  generatedPassword?: string;
  created: boolean;
}

/** Creates the first admin when it does not exist; an existing account is left untouched. */
export async function ensureAdminAccount(dataSource: DataSource, username: string, password?: string): Promise<AdminAccount> {
  const users = dataSource.getRepository(UserEntity);
  const existing = await users.createQueryBuilder('user').where('lower(user.username) = lower(:username)', { username }).getExists();
  if (existing) return { username, created: false };
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  await users.insert({
    username,
    password: await hashPassword(password ?? generatedPassword!),
    email: `${username}@${BUSINESS.email.split('@')[1]}`,
    firstName: 'Dispatch',
    lastName: 'Admin',
    role: 'admin',
  });
  return { username, created: true, generatedPassword };
}
