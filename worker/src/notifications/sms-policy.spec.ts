import { rangeRefusal } from './sms-policy.js';

describe('the ranges the worker never texts', () => {
  it.each([
    ['+611900123456', /premium rate/],
    ['+61131234', /shared cost/],
    ['+611300123456', /shared cost/],
    ['+611800123456', /toll free/],
    ['+88216123456', /international network/],
    ['+8816123456', /satellite/],
    ['+870772123456', /Inmarsat/],
    ['+97912345678', /premium rate/],
    ['+19005551234', /premium rate/],
    ['+4490712345678', /premium rate|Not in any allocated range/],
  ])('refuses %s', (phone, reason) => {
    expect(rangeRefusal(phone)).toMatch(reason);
  });

  it.each(['+61412345678', '+61491570157', '+61891851234', '+447911123456', '+6421123456', '+14155552671'])('allows %s', (phone) => {
    expect(rangeRefusal(phone)).toBeNull();
  });

  it('allows an Australian mobile from a block newer than the ranges it knows', () => {
    expect(rangeRefusal('+61400000000')).toBeNull();
  });

  it('refuses an Australian number outside every range that the phone rule does not call a mobile', () => {
    expect(rangeRefusal('+61512345678')).toMatch(/Not in any allocated range/);
  });
});
