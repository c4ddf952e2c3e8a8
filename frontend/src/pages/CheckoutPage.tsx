import { PlaceholderPage } from './PlaceholderPage';

export default function CheckoutPage() {
  return <PlaceholderPage screen="Payment Checkout" />;
}
