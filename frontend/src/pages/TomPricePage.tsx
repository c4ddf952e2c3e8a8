import { PlaceholderPage } from './PlaceholderPage';

export default function TomPricePage() {
  return <PlaceholderPage screen="Tom Price" />;
}
