import { PlaceholderPage } from './PlaceholderPage';

export default function ServiceHistoryPage() {
  return <PlaceholderPage screen="Service History" />;
}
