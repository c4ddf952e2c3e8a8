import { isUrgentMessage } from './contact-rules';

describe('isUrgentMessage', () => {
  it.each([
    ['URGENT in the subject', { subject: 'URGENT: SOS JOB-2025-1', customerInfo: null }, true],
    ['urgent in lower case in the subject only', { subject: 'urgent question', customerInfo: null }, false],
    ['emergency in the service', { subject: 'Hello', customerInfo: { service: 'Emergency Towing' } }, true],
    ['urgent in the message', { subject: 'Hello', customerInfo: { message: 'Please call, it is Urgent' } }, true],
    ['nothing urgent', { subject: 'Quote please', customerInfo: { service: 'Oil Change', message: 'Next week is fine' } }, false],
  ])('%s', (_case, email, urgent) => {
    expect(isUrgentMessage(email)).toBe(urgent);
  });
});
