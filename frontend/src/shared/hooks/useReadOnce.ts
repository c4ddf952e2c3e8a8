import { useEffect, useState } from 'react';

/**
 * One read as the screen opens, with no retry and no socket: for /sos only, whose first load on
 * one bar of signal must not carry the query library or the socket client (everywhere else,
 * reads are queries: shared/query). A failed read leaves null; the figures are a courtesy there.
 */
export function useReadOnce<T>(read: () => Promise<T>): T | null {
  const [answer, setAnswer] = useState<T | null>(null);
  useEffect(() => {
    let current = true;
    read()
      .then((value) => current && setAnswer(value))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [read]);
  return answer;
}
