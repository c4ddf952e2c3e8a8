import { PlaceholderPage } from './PlaceholderPage';

export default function ContactPage() {
  return <PlaceholderPage screen="Contact Us" />;
}
