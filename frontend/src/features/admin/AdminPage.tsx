import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useAdminSession } from './hooks/useAdminSession';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

/** The board is fetched only for staff: a visitor who reaches /admin downloads the sign-in form alone. */
const AdminBoard = lazy(() => import('./components/AdminBoard').then((module) => ({ default: module.AdminBoard })));
/** The sign-in form, and the form library it needs, only for someone who must sign in. */
const AdminSignIn = lazy(() => import('./components/AdminSignIn').then((module) => ({ default: module.AdminSignIn })));

const loading = <Spin style={{ display: 'block', margin: '48px auto' }} />;

export default function AdminPage() {
  useDocumentTitle(screenTitle('Admin Panel'));
  const { session, signIn } = useAdminSession();
  if (session.state === 'checking') return loading;
  if (session.state !== 'admin') {
    return (
      <Suspense fallback={loading}>
        <AdminSignIn signedInAs={session.state === 'not-admin' ? session.user : undefined} onSignIn={signIn} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={loading}>
      <AdminBoard user={session.user} />
    </Suspense>
  );
}
