import { PlaceholderPage } from './PlaceholderPage';

export default function ServiceAreasPage() {
  return <PlaceholderPage screen="Service Areas and Coverage" />;
}
