import { type ContactRequest, formPhoneError } from '@towing/contracts';
import type { FieldErrors } from '../../shared/forms/serverErrors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/rules.md, "Forms": the contact form's rules and messages. */
export function validateContact(message: ContactRequest): FieldErrors {
  const errors: FieldErrors = {};
  if (!message.firstName) errors.firstName = 'First name is required';
  if (!message.lastName) errors.lastName = 'Last name is required';
  const phoneError = formPhoneError(message.phone);
  if (phoneError) errors.phone = phoneError;
  if (!EMAIL.test(message.email)) errors.email = 'Please enter a valid email address';
  if (!message.serviceNeeded) errors.serviceNeeded = 'Please select a service';
  if (!message.message) errors.message = 'Message is required';
  return errors;
}
