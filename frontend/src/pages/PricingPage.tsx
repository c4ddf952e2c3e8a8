import { PlaceholderPage } from './PlaceholderPage';

export default function PricingPage() {
  return <PlaceholderPage screen="Pricing Guide" />;
}
