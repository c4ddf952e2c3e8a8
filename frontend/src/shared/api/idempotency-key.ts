/**
 * One key per submission: sending the same content again (a retry after a timeout, a double tap)
 * reuses the key so the server answers with the first result instead of creating a duplicate;
 * any change to the content makes it a new submission with a new key.
 */
export function idempotencyKeys(): (content: unknown) => string {
  let last: { fingerprint: string; key: string } | null = null;
  return (content) => {
    const fingerprint = JSON.stringify(content);
    if (last?.fingerprint !== fingerprint) last = { fingerprint, key: crypto.randomUUID() };
    return last.key;
  };
}
