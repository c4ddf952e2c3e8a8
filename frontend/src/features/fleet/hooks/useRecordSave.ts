import type { FormInstance } from 'antd';
import { useState } from 'react';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { useNotification } from '../../../shared/ui/notification';

interface SaveTexts {
  /** The toast once the record is saved. */
  saved: string;
  /** The toast when it is not; the server's field errors also go on their fields. */
  failed: (error: unknown) => { title: string; description?: string };
}

/**
 * Saving a fleet record from its dialog: Save shows busy, a saved record toasts and closes the
 * dialog, a refused one toasts and marks its fields. A request that answers 'flagged' (an
 * odometer jump the server asks to confirm) keeps the dialog open for the next Save.
 */
export function useRecordSave(form: FormInstance, texts: SaveTexts, onClose: () => void) {
  const notification = useNotification();
  const [busy, setBusy] = useState(false);

  async function save(request: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    try {
      if ((await request()) === 'flagged') return;
      notification.success({ title: texts.saved });
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
