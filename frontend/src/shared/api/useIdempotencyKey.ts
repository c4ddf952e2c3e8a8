import { useRef } from 'react';

/**
 * One key per submission: sending the same content again (a retry after a timeout, a double tap)
 * reuses the key so the server answers with the first result instead of creating a duplicate;
 * any change to the content makes it a new submission with a new key.
 */
export function useIdempotencyKey(): (content: unknown) => string {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);

  return (content) => {
    const fingerprint = JSON.stringify(content);
    if (last.current?.fingerprint !== fingerprint) {
      last.current = { fingerprint, key: crypto.randomUUID() };
    }
    return last.current.key;
  };
}
