import { PlaceholderPage } from './PlaceholderPage';

export default function KarrathaPage() {
  return <PlaceholderPage screen="Karratha" />;
}
