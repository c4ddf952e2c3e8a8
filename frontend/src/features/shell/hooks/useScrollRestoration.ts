import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each history entry was scrolled to, by its location key, for this tab's lifetime. */
const positions = new Map<string, number>();

/**
 * Scroll positions as a browser keeps them for ordinary pages: a page opened by a link opens at
 * its top; Back and Forward return to where that entry was left. React Router's own
 * <ScrollRestoration> needs the data router, which this app does not load (see router.tsx).
 */
export function useScrollRestoration(): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
      return;
    }
    const top = positions.get(key);
    if (top === undefined) return;
    // The entry's screen may still be loading its chunk: restore once the page is tall enough again.
    const restore = () => {
      if (document.documentElement.scrollHeight - window.innerHeight < top) return false;
      window.scrollTo(0, top);
      return true;
    };
    if (restore()) return;
    const growth = new ResizeObserver(() => {
      if (restore()) growth.disconnect();
    });
    growth.observe(document.body);
    return () => growth.disconnect();
  }, [key, navigationType]);
}
