import { BUSINESS } from '@towing/contracts';
import { PlaceholderPage } from './PlaceholderPage';

export default function HomePage() {
  return <PlaceholderPage screen="Home" title={BUSINESS.name} />;
}
