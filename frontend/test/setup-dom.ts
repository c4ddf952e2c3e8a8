import { randomUUID } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

// findBy* and waitFor wait for what a test needs as long as its suite allows (the Jest test timeout
// is 60 s), not Testing Library's default 1 s: a loaded machine renders a lazily loaded drawer or
// dialog later than that, and a test that gives up first fails for nothing it checks. Half the test
// timeout leaves room for the test to report which wait never ended.
configure({ asyncUtilTimeout: 30_000 });

// jsdom lacks parts of the platform every supported browser has: matchMedia (antd's responsive grid
// inside Form.Item), ResizeObserver (auto-sizing text areas), scrollIntoView, MessageChannel (antd
// Form's useWatch batching) and crypto.randomUUID. jsdom does no layout, so sizes and scrolling are no-ops.
// Node-environment specs share this file, hence the guard.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  Element.prototype.scrollIntoView ??= () => undefined;

  // Node's own MessageChannel would keep the test worker alive after the last test (its ports are
  // never closed by antd), so deliver on a timer: the same macrotask ordering, nothing left open.
  globalThis.MessageChannel ??= class {
    readonly port1 = { onmessage: null as ((event: { data: unknown }) => void) | null };
    readonly port2 = {
      postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data })),
    };
  } as unknown as typeof MessageChannel;

  // jsdom's getComputedStyle runs the cascade over every stylesheet antd's CSS-in-JS has injected:
  // 15 ms a call and growing test by test. jsdom does no layout anyway, so inline styles suffice;
  // zero box lengths keep antd's text-area auto-size arithmetic from producing NaN.
  window.getComputedStyle = (element: Element) => {
    const computed = document.createElement('div').style;
    computed.cssText = `padding: 0; border-width: 0; ${(element as HTMLElement).style?.cssText ?? ''}`;
    return computed;
  };

  // react-router encodes URLs with them at import time.
  globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
  globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;

  if (!('randomUUID' in window.crypto)) {
    Object.defineProperty(window.crypto, 'randomUUID', { value: randomUUID });
  }
}
