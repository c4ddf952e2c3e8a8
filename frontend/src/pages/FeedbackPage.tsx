import { PlaceholderPage } from './PlaceholderPage';

export default function FeedbackPage() {
  return <PlaceholderPage screen="Customer Feedback" />;
}
