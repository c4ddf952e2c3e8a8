import { PlaceholderPage } from './PlaceholderPage';

export default function AboutPage() {
  return <PlaceholderPage screen="About Us" />;
}
