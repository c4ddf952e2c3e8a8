import { PlaceholderPage } from './PlaceholderPage';

export default function BookServicePage() {
  return <PlaceholderPage screen="Book Service" />;
}
