import { CustomerPortal } from './components/CustomerPortal';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

export default function CustomerPortalPage() {
  useDocumentTitle(screenTitle('Customer Portal'));
  return <CustomerPortal />;
}
