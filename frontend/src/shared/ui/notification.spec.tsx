import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useNotification } from './notification';

// jsdom has no PointerEvent; a MouseEvent carries the clientX a swipe is measured by.
globalThis.PointerEvent ??= class extends MouseEvent {} as typeof PointerEvent;

// jsdom has no pointer capture either. As a browser does it: once an element captures a pointer,
// that pointer's events go to it wherever they happen, until the release ends the capture.
let captured: Element | null = null;
Element.prototype.setPointerCapture = function (this: Element) {
  captured = this;
};

type PointerEventName = 'pointerDown' | 'pointerMove' | 'pointerUp' | 'pointerCancel';

/** A pointer event that happens over `over`, delivered where the browser would deliver it. */
function pointer(name: PointerEventName, over: Element, clientX: number) {
  const target = captured ?? over;
  fireEvent[name](target, { clientX, pointerId: 1 });
  if ((name === 'pointerUp' || name === 'pointerCancel') && captured) {
    captured = null;
    fireEvent.lostPointerCapture(target, { pointerId: 1 });
  }
}

const notify = () => act(() => useNotification().success({ title: 'Job Updated', description: 'JOB-2025-1 is En Route', duration: 0 }));
const toast = () => screen.queryByRole('status');

/** A drag across the toast with pointer events, as a finger or a mouse makes it. */
function drag(from: number, to: number) {
  const element = toast()!;
  pointer('pointerDown', element, from);
  pointer('pointerMove', element, (from + to) / 2);
  pointer('pointerMove', element, to);
  pointer('pointerUp', element, to);
}

/** A mouse drag that starts on the toast, leaves it on the way and is released elsewhere on the page. */
function dragOut(from: number, to: number) {
  const element = toast()!;
  pointer('pointerDown', element, from);
  pointer('pointerMove', element, from + 20);
  pointer('pointerMove', document.body, to);
  pointer('pointerUp', document.body, to);
}

afterEach(() => {
  captured = null;
  const close = screen.queryByRole('button', { name: 'Close' });
  if (close) fireEvent.click(close);
  cleanup();
});

describe('toasts', () => {
  it('go away with a right swipe of 50 px', () => {
    notify();
    expect(toast()).toBeTruthy();
    drag(100, 150);
    expect(toast()).toBeNull();
  });

  it('stay after a shorter swipe, or one to the left, and slide back', () => {
    notify();
    drag(100, 149);
    expect(toast()).toBeTruthy();
    drag(200, 100);
    expect(toast()).toBeTruthy();
    expect(toast()!.style.transform).toBe('');
  });

  it('follow a mouse that leaves them: released 50 px to the right, even outside the toast, it goes', () => {
    notify();
    dragOut(100, 150);
    expect(toast()).toBeNull();
  });

  it('slide back when a short drag is released outside them', () => {
    notify();
    dragOut(100, 140);
    expect(toast()).toBeTruthy();
    expect(toast()!.style.transform).toBe('');
  });

  it('slide back when the browser takes the drag over (a scroll cancels it)', () => {
    notify();
    const element = toast()!;
    pointer('pointerDown', element, 100);
    pointer('pointerMove', element, 140);
    expect(element.style.transform).toBe('translateX(40px)');
    pointer('pointerCancel', element, 140);
    expect(toast()).toBeTruthy();
    expect(toast()!.style.transform).toBe('');
  });

  it('slide back when they lose the pointer mid-drag', () => {
    notify();
    const element = toast()!;
    pointer('pointerDown', element, 100);
    pointer('pointerMove', element, 130);
    captured = null;
    fireEvent.lostPointerCapture(element, { pointerId: 1 });
    expect(toast()!.style.transform).toBe('');
  });
});
