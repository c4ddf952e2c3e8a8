import { PlaceholderPage } from './PlaceholderPage';

export default function CustomerPortalPage() {
  return <PlaceholderPage screen="Customer Portal" />;
}
