/**
 * Resolves once the condition holds, polling the way a test waits for something asynchronous.
 * By default it waits most of a test's own limit (jest.config.js, 60 s): on a loaded CI machine a
 * push through Redis and another instance can take seconds, and a condition that never holds
 * still fails, with this message rather than Jest's timeout.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 45_000,
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
