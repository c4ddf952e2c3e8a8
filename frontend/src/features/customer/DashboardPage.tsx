import { CustomerDashboard } from './components/CustomerDashboard';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

export default function DashboardPage() {
  useDocumentTitle(screenTitle('My Dashboard'));
  return (
    <div className="page">
      <CustomerDashboard />
    </div>
  );
}
