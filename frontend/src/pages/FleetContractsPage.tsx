import { PlaceholderPage } from './PlaceholderPage';

export default function FleetContractsPage() {
  return <PlaceholderPage screen="Fleet and Mining Contracts" />;
}
