import { PlaceholderPage } from './PlaceholderPage';

export default function BookingPage() {
  return <PlaceholderPage screen="Book Service" />;
}
