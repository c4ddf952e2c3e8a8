import { Typography } from 'antd';
import { BookingForm } from './BookingForm';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

export default function BookServicePage() {
  useDocumentTitle(screenTitle('Book Service'));
  return (
    <div className="page">
      <Typography.Title level={1}>Book Service</Typography.Title>
      <Typography.Paragraph>Choose a service and how urgently you need us; we confirm every booking within 30 minutes.</Typography.Paragraph>
      <BookingForm variant="detailed" />
    </div>
  );
}
