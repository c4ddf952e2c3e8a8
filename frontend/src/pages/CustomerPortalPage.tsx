import { CustomerPortal } from '../features/portal/CustomerPortal';
import { screenTitle, useDocumentTitle } from '../hooks/useDocumentTitle';

export default function CustomerPortalPage() {
  useDocumentTitle(screenTitle('Customer Portal'));
  return <CustomerPortal />;
}
