import type { FormInstance } from 'antd';
import { useState } from 'react';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { useNotification } from '../../../shared/ui/notification';

type Toast = { title: string; description?: string };

interface SaveTexts<T> {
  /** The toast once the record is saved: a fixed title, or one made from what the server answered. */
  saved: string | ((answer: T) => Toast);
  /** The toast when it is not; the server's field errors also go on their fields. */
  failed: (error: unknown) => Toast;
}

/**
 * Saving a fleet record from its dialog: Save shows busy, a saved record toasts and closes the
 * dialog, a refused one toasts and marks its fields. A request that answers 'flagged' (an
 * odometer jump the server asks to confirm) keeps the dialog open for the next Save.
 */
export function useRecordSave<T = unknown>(form: FormInstance, texts: SaveTexts<T>, onClose: () => void) {
  const notification = useNotification();
  const [busy, setBusy] = useState(false);

  async function save(request: () => Promise<T | 'flagged'>): Promise<void> {
    setBusy(true);
    try {
      const answer = await request();
      if (answer === 'flagged') return;
      notification.success(typeof texts.saved === 'string' ? { title: texts.saved } : texts.saved(answer));
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      notification.error(texts.failed(error));
    } finally {
      setBusy(false);
    }
  }

  return { save, busy };
}
