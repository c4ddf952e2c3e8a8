import type { User } from '@towing/contracts';
import type { UserEntity } from '../entities/user.entity.js';

export function toUserView(user: UserEntity): User {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    drives: user.role === 'driver' || user.drives,
  };
}
