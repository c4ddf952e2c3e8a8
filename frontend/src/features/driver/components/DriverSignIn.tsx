import { type FormEvent, useState } from 'react';
import { api, HttpError } from '../../../shared/api/client';
import { settleQueryData } from '../../../shared/query/queryClient';
import { renewSocketSession } from '../../../shared/realtime/socket';
import { DRIVER_SESSION } from '../driver-data';

/** /driver signs in on its own page, light and usable from the home screen, and stays there. */
export function DriverSignIn() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { user } = await api.call('POST /api/auth/login', { body: { username: username.trim(), password } });
      renewSocketSession();
      await settleQueryData(DRIVER_SESSION, { user });
    } catch (failure) {
      const message = failure instanceof HttpError ? failure.body?.message : null;
      setError(typeof message === 'string' ? message : 'Could not sign in. Check the signal and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="driver-signin" onSubmit={submit}>
      <h1>Driver sign in</h1>
      <label htmlFor="driver-username">Username</label>
      <input id="driver-username" autoComplete="username" maxLength={50} required value={username} onChange={(event) => setUsername(event.target.value)} />
      <label htmlFor="driver-password">Password</label>
      <input id="driver-password" type="password" autoComplete="current-password" maxLength={128} required value={password} onChange={(event) => setPassword(event.target.value)} />
      {error && (
        <p className="driver-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="driver-button driver-button--big driver-button--go" disabled={busy}>
        Sign in
      </button>
    </form>
  );
}
