import type { LoginRequest, RegisterRequest, User } from '@towing/contracts';
import { errorText } from '../../shared/forms/serverErrors';
import { displayName, useAuthStore } from './auth.store';
import { useNotification } from '../../shared/ui/notification';

/** docs/rules.md, "Sign-in and timings". */
export const ADMIN_NOTICE_DELAY_MS = 1500;
export const ACCOUNT_READY_DELAY_MS = 2000;

/** Login and register with the spec's toasts. Failures are re-thrown. */
export function useAuthActions() {
  const notification = useNotification();
  const store = useAuthStore();

  async function login(credentials: LoginRequest): Promise<User> {
    try {
      const user = await store.login(credentials);
      const isAdmin = user.role === 'admin';
      notification.success({
        title: 'Login Successful',
        description: `Welcome back, ${displayName(user)}!${isAdmin ? ' (Admin Access)' : ''}`,
        duration: 5,
      });
      if (isAdmin) {
        setTimeout(() => {
          notification.info({
            title: 'Admin Dashboard Available',
            description: 'You can open the Admin Panel from the navigation menu.',
            duration: 4,
          });
        }, ADMIN_NOTICE_DELAY_MS);
      }
      return user;
    } catch (error) {
      notification.error({ title: 'Login Failed', description: errorText(error) || 'Invalid username or password' });
      throw error;
    }
  }

  async function register(account: RegisterRequest): Promise<User> {
    try {
      const user = await store.register(account);
      notification.success({
        title: 'Registration Successful',
        description: `Welcome, ${displayName(user)}! Your account has been created.`,
        duration: 5,
      });
      setTimeout(() => {
        notification.info({
          title: 'Account Ready',
          description: 'You can now book services, track jobs, and access your service history',
          duration: 4,
        });
      }, ACCOUNT_READY_DELAY_MS);
      return user;
    } catch (error) {
      notification.error({ title: 'Registration Failed', description: errorText(error) || 'Registration failed. Please try again.' });
      throw error;
    }
  }

  return { user: store.user, loading: store.loading, login, register };
}
