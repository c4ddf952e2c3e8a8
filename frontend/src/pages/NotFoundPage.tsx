import { Typography } from 'antd';
import { screenTitle, useDocumentTitle } from '../hooks/useDocumentTitle';

export default function NotFoundPage() {
  useDocumentTitle(screenTitle('Page Not Found'));
  return (
    <div className="page">
      <Typography.Title level={1}>404 Page Not Found</Typography.Title>
    </div>
  );
}
