export interface EmailCustomerInfo {
  name?: string;
  phone?: string;
  email?: string;
  service?: string;
  message?: string;
}

/** A stored email: the admin's Contact Messages list. */
export interface Email {
  id: number;
  to: string;
  subject: string;
  htmlContent: string;
  customerInfo: EmailCustomerInfo | null;
  timestamp: string;
  sent: boolean;
}
