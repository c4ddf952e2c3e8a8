import { useNotification } from '../../shared/ui/notification';
import { displayName, useAuthStore } from './auth.store';

/** Logout with the spec's toast. The tab forgets the user even when the call fails: a cookie left behind expires on the server. */
export async function signOut(notification: ReturnType<typeof useNotification>): Promise<void> {
  const store = useAuthStore.getState();
  const user = store.user;
  await store.logout().catch(() => undefined);
  notification.info({
    title: 'Logged Out',
    description: `Goodbye, ${user ? displayName(user) : 'there'}! You have been successfully logged out`,
    duration: 3,
  });
}
