import { Typography } from 'antd';
import { BookingForm } from './BookingForm';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

export default function BookingPage() {
  useDocumentTitle(screenTitle('Book Service'));
  return (
    <div className="page">
      <div className="booking-hero">
        <Typography.Title level={1}>Book a Service</Typography.Title>
        <Typography.Paragraph>
          4x4 recovery, diagnostics and mobile mechanical repairs across the Pilbara. Tell us what you need and when.
        </Typography.Paragraph>
      </div>
      <BookingForm variant="simple" />
    </div>
  );
}
