import type { Email } from '@towing/contracts';

/**
 * docs/rules.md, "Contact messages": URGENT when the subject contains URGENT, or the service or message
 * contains 'emergency' or 'urgent'; otherwise Normal.
 */
export function isUrgentMessage(email: Pick<Email, 'subject' | 'customerInfo'>): boolean {
  if (email.subject.includes('URGENT')) return true;
  const text = `${email.customerInfo?.service ?? ''}\n${email.customerInfo?.message ?? ''}`.toLowerCase();
  return text.includes('emergency') || text.includes('urgent');
}
