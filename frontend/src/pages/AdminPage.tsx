import { Spin } from 'antd';
import { AdminBoard } from '../features/admin/AdminBoard';
import { AdminSignIn } from '../features/admin/AdminSignIn';
import { useAdminSession } from '../features/admin/useAdminSession';
import { screenTitle, useDocumentTitle } from '../hooks/useDocumentTitle';

export default function AdminPage() {
  useDocumentTitle(screenTitle('Admin Panel'));
  const { session, signIn } = useAdminSession();
  if (session.state === 'checking') return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (session.state !== 'admin') return <AdminSignIn signedInAs={session.state === 'not-admin' ? session.user : undefined} onSignIn={signIn} />;
  return <AdminBoard user={session.user} />;
}
