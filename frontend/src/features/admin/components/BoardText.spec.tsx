import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { GpsDetails } from './GpsDetails';
import { LongText } from './LongText';

afterEach(cleanup);

describe('LongText', () => {
  const measured = ['scrollHeight', 'clientHeight'].map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
  afterEach(() => {
    for (const [name, descriptor] of measured) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });

  /** jsdom lays nothing out: the paragraph's full height is what the test says it is, its clamped height 60 px. */
  function withTextHeight(pixels: number) {
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => pixels });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 60 });
  }

  it('offers "more" only when the text runs past its three lines, and shows it all on a click', () => {
    withTextHeight(200);
    const text = 'Bogged to the axles on the Millstream track. '.repeat(12);
    render(<LongText text={text} />);
    const paragraph = screen.getByText(text.trim(), { normalizer: (value) => value.trim() });
    expect(paragraph.className).toContain('board-long-text-clamped');
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(paragraph.className).not.toContain('board-long-text-clamped');
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
  });

  it('offers nothing for text that fits', () => {
    withTextHeight(60);
    render(<LongText text="Flat tyre" />);
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
  });
});

describe('GpsDetails', () => {
  it('copies the coordinates and says so', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    render(<GpsDetails fix={{ lat: -20.736812, lng: 116.846254, accuracyM: 12, fixedAt: '2025-03-01T01:56:00.000Z' }} now={Date.parse('2025-03-01T02:00:00.000Z')} />);
    screen.getByText(/GPS -20\.736812, 116\.846254/);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy coordinates' }));
    });
    expect(copied).toEqual(['-20.736812, 116.846254']);
    screen.getByRole('button', { name: 'Copied' });
  });
});
