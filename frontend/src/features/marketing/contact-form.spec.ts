import { validateContact } from './contact-form';

const MESSAGE = { firstName: 'Priya', lastName: 'Sharma', phone: '0412 345 678', email: 'priya@example.com', serviceNeeded: 'Automotive Repair', message: 'Grinding noise' };

describe('validateContact', () => {
  it('passes a complete message', () => {
    expect(validateContact(MESSAGE)).toEqual({});
  });

  it.each(['0412 34 5', '          ', '+61 (0) 412 - 345 - 678 - 00000'])('refuses the phone %j with the spec message', (phone) => {
    expect(validateContact({ ...MESSAGE, phone })).toEqual({ phone: 'Please enter a valid phone number' });
  });
});
