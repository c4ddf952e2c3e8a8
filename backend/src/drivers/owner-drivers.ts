import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BUSINESS, toE164 } from '@towing/contracts';
import { UserEntity } from '@towing/db';
import { hashPassword } from '../auth/password.js';

export interface OwnerAccount {
  username: string;
  /** Shown once when this call created the account; never stored in clear. */
  generatedPassword: string;
}

/**
 * Development only: the two owners (contracts' BUSINESS.staff) as admins who drive, so /driver and
 * the board can both be tried at once. Usernames are their first names in lower case; an
 * existing account is left as it is.
 */
export async function ensureOwnerDrivers(dataSource: DataSource): Promise<OwnerAccount[]> {
  const users = dataSource.getRepository(UserEntity);
  const created: OwnerAccount[] = [];
  for (const owner of BUSINESS.staff) {
    const username = owner.firstName.toLowerCase();
    if (await users.createQueryBuilder('user').where('lower(user.username) = :username', { username }).getExists()) continue;
    const generatedPassword = randomBytes(12).toString('base64url');
    await users.insert({
      username,
      password: await hashPassword(generatedPassword),
      email: `${username}@${BUSINESS.email.split('@')[1]}`,
      firstName: owner.firstName,
      lastName: owner.lastName,
      phone: owner.phone,
      phoneE164: toE164(owner.phone),
      role: 'admin',
      drives: true,
    });
    created.push({ username, generatedPassword });
  }
  return created;
}
