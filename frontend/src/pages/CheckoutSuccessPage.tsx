import { PlaceholderPage } from './PlaceholderPage';

export default function CheckoutSuccessPage() {
  return <PlaceholderPage screen="Payment Success" />;
}
