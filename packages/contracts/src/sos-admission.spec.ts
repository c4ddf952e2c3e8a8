import { heldSourceLine } from './sos-admission.js';

describe("the board's line for a held source", () => {
  it('says how many SOS came from one address over how long, and that nobody was texted', () => {
    expect(heldSourceLine({ count: 612, firstAt: '2026-11-24T10:00:00.000Z', lastAt: '2026-11-24T10:10:20.000Z' })).toBe('612 SOS from one address in 10 min: held, not texted');
  });

  it('never says 0 min, and counts long floods in hours', () => {
    expect(heldSourceLine({ count: 3, firstAt: '2026-11-24T10:00:00.000Z', lastAt: '2026-11-24T10:00:05.000Z' })).toBe('3 SOS from one address in 1 min: held, not texted');
    expect(heldSourceLine({ count: 9000, firstAt: '2026-11-24T08:00:00.000Z', lastAt: '2026-11-24T10:50:00.000Z' })).toBe('9000 SOS from one address in 3 h: held, not texted');
  });
});
