/**
 * A signal that aborts after `ms`: AbortSignal.timeout, written out because phones we serve
 * (Safari before 16) and jsdom lack it, and a missing function would fail every send.
 */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
}
