import { useEffect } from 'react';
import { useAuthStore } from './auth.store';

/** Asks the server who is signed in when the calling screen opens (unless told not to); the answer lands in the auth store. */
export function useVerifySession(enabled = true): void {
  const verify = useAuthStore((state) => state.verify);
  useEffect(() => {
    if (enabled) void verify();
  }, [verify, enabled]);
}
