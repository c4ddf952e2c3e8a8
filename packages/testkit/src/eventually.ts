/** Resolves once the condition holds, polling the way a test waits for something asynchronous. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<Exclude<T, null | undefined | false | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result) return result as Exclude<T, null | undefined | false | 0 | ''>;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw lastError instanceof Error ? lastError : new Error(`condition not met within ${timeoutMs} ms`);
}
