import { Typography } from 'antd';
import { FeedbackForm } from './components/FeedbackForm';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

export default function FeedbackPage() {
  useDocumentTitle(screenTitle('Customer Feedback'));
  return (
    <div className="page">
      <Typography.Title level={1}>Customer Feedback</Typography.Title>
      <Typography.Paragraph>How did we do? Your rating goes straight to the owners.</Typography.Paragraph>
      <FeedbackForm />
    </div>
  );
}
