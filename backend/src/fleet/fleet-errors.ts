/** The spec's words for a duplicate registration (admin spec, section 8). */
export const DUPLICATE_REGISTRATION = 'Registration number already exists. Please use a different registration.';
