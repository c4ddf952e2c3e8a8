import { Alert } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../../shared/api/client';
import { serverErrors } from '../../../shared/forms/serverErrors';

/**
 * The server flags an odometer that jumps further than a truck drives (422). The form shows why
 * and the next Save confirms it; changing the reading asks again.
 */
export function useOdometerJump() {
  const [jump, setJump] = useState<string | null>(null);

  /** Sends, confirming a flagged jump on the second try; 'flagged' when the server asked. */
  async function send<T>(request: (confirmOdometerJump: boolean) => Promise<T>): Promise<T | 'flagged'> {
    try {
      return await request(jump !== null);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        setJump(serverErrors(error).message ?? 'This odometer reading is a long way past the last one');
        return 'flagged';
      }
      throw error;
    }
  }

  const warning = jump && <Alert type="warning" showIcon title={jump} description="Press Save again to keep this reading." style={{ marginBottom: 12 }} />;
  return { send, reset: () => setJump(null), warning };
}
