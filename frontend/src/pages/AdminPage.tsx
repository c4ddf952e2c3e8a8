import { PlaceholderPage } from './PlaceholderPage';

export default function AdminPage() {
  return <PlaceholderPage screen="Admin Panel" />;
}
