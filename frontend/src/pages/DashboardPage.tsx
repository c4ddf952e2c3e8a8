import { CustomerDashboard } from '../features/dashboard/CustomerDashboard';
import { screenTitle, useDocumentTitle } from '../hooks/useDocumentTitle';

export default function DashboardPage() {
  useDocumentTitle(screenTitle('My Dashboard'));
  return (
    <div className="page">
      <CustomerDashboard />
    </div>
  );
}
