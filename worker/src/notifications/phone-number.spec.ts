import { toE164 } from './phone-number.js';

describe('toE164', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['+61 491 570 157', '+61491570157'],
    ['(08) 9185 1234', '+61891851234'],
    ['+64 21 123 4567', '+64211234567'],
    // A range libphonenumber does not list as allocated yet: still texted.
    ['0446 123 456', '+61446123456'],
  ])('reads %s as %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(['123456', '0412 345', 'call me'])('refuses %s', (input) => {
    expect(toE164(input)).toBeNull();
  });
});
