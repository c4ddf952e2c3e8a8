import { PlaceholderPage } from './PlaceholderPage';

export default function DashboardPage() {
  return <PlaceholderPage screen="Customer Dashboard" />;
}
