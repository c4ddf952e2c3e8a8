import { PlaceholderPage } from './PlaceholderPage';

export default function QuotePage() {
  return <PlaceholderPage screen="Quote Acceptance" />;
}
