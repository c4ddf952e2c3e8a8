import type { LoginRequest, User } from '@towing/contracts';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../../shared/api/client';

interface Props {
  /** Someone signed in who is not staff: say so, and offer to sign in as staff. */
  signedInAs?: User;
  onSignIn(credentials: LoginRequest): Promise<User>;
}

export function AdminSignIn({ signedInAs, onSignIn }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(values: LoginRequest) {
    setBusy(true);
    setError(null);
    try {
      const user = await onSignIn(values);
      if (user.role !== 'admin') setError('This account is not a staff account.');
    } catch (failure) {
      setError(failure instanceof HttpError && failure.status === 401 ? 'Wrong username or password.' : 'Sign-in failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-board" style={{ maxWidth: 420 }}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Admin Panel
        </Typography.Title>
        <Typography.Paragraph>Staff sign-in is needed to open the dispatch board.</Typography.Paragraph>
        {signedInAs && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`You are signed in as ${signedInAs.username}, which is not a staff account.`}
          />
        )}
        {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
        <Form<LoginRequest> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item label="Username" name="username" rules={[{ required: true, message: 'Username is required' }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Sign In
          </Button>
        </Form>
      </Card>
    </div>
  );
}
