import { Typography } from 'antd';
import { ServiceHistory } from './components/ServiceHistory';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

export default function ServiceHistoryPage() {
  useDocumentTitle(screenTitle('Service History'));
  return (
    <div className="page">
      <Typography.Title level={1}>Service History</Typography.Title>
      <ServiceHistory />
    </div>
  );
}
