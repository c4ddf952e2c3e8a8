import { PlaceholderPage } from './PlaceholderPage';

export default function ServicesPage() {
  return <PlaceholderPage screen="Services" />;
}
