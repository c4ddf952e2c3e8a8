/** The spec's words for a duplicate registration. */
export const DUPLICATE_REGISTRATION = 'Registration number already exists. Please use a different registration.';
