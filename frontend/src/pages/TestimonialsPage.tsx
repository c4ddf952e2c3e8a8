import { PlaceholderPage } from './PlaceholderPage';

export default function TestimonialsPage() {
  return <PlaceholderPage screen="Testimonials" />;
}
