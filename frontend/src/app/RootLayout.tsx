import { BUSINESS } from '@towing/contracts';
import { Link, Outlet } from 'react-router-dom';

/** Minimal shell; the full header, footer and floating buttons come with their own issue. */
export function RootLayout() {
  return (
    <div className="shell">
      <header className="shell-header">
        <Link to="/" className="shell-brand">
          {BUSINESS.name}
        </Link>
        <Link to="/sos" className="shell-stuck">
          STUCK NOW
        </Link>
      </header>
      <main className="shell-main">
        <Outlet />
      </main>
    </div>
  );
}
