import { PlaceholderPage } from './PlaceholderPage';

export default function DampierPage() {
  return <PlaceholderPage screen="Dampier" />;
}
