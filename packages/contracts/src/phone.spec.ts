import { formPhoneError, looksLikePhoneInput, PHONE_MAX_LENGTH, smsHref, telHrefFor, toE164 } from './phone.js';

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

describe('telHrefFor', () => {
  it('dials the stored E.164 form, whatever was typed', () => {
    expect(telHrefFor('0412 345 678', '+61412345678')).toBe('tel:+61412345678');
  });

  it('falls back to the typed digits (and a leading +) when the number has no E.164 form', () => {
    expect(telHrefFor('(08) 9185-12', null)).toBe('tel:08918512');
    expect(telHrefFor('+870 7763 1234 5', null)).toBe('tel:+870776312345');
  });
});

describe('the typed length', () => {
  it('takes a number of up to PHONE_MAX_LENGTH characters as typed, and no more', () => {
    expect('+61 (0) 412 - 345 - 678 - 0000').toHaveLength(PHONE_MAX_LENGTH);
    expect(looksLikePhoneInput('+61 (0) 412 - 345 - 678 - 0000')).toBe(true);
    expect(looksLikePhoneInput('+61 (0) 412 - 345 - 678 - 00000')).toBe(false);
    expect(toE164('+61 (0) 412 - 345 - 678')).toBe('+61412345678');
  });
});

describe('formPhoneError', () => {
  it.each(['0412 345 678', ' 0412345678 ', '+61 (0) 412 - 345 - 678 - 0000'])('lets %j be sent', (typed) => {
    expect(formPhoneError(typed)).toBeNull();
  });

  it.each([undefined, null, '', '          ', '0412 34 5', '+61 (0) 412 - 345 - 678 - 00000'])('gives the spec message for %j', (typed) => {
    expect(formPhoneError(typed)).toBe('Please enter a valid phone number');
  });
});

describe('smsHref', () => {
  it('fills in the text, encoded', () => {
    expect(smsHref('+61491570157', 'About job JOB-2026-7: ')).toBe('sms:+61491570157?body=About%20job%20JOB-2026-7%3A%20');
  });
});
