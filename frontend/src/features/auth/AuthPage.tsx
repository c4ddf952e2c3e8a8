import { ArrowLeftOutlined } from '@ant-design/icons';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { BUSINESS, type LoginRequest, PHONE_MAX_LENGTH, type RegisterRequest } from '@towing/contracts';
import { Button, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuthActions } from './useAuthActions';
import '../marketing/marketing.css';
import { phoneRule } from '../../shared/forms/phoneRule';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { SvgIcon } from '../../shared/ui/SvgIcon';

type Tab = 'login' | 'register';

const PERKS = ['Book services in a minute', 'Track your driver live', 'Your full service history', '24/7 emergency support'];

export default function AuthPage() {
  useDocumentTitle(screenTitle('Login'));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { login, register, loading } = useAuthActions();
  const [tab, setTab] = useState<Tab>(pathname === '/register' ? 'register' : 'login');
  const [loginForm] = Form.useForm<LoginRequest>();
  const [registerForm] = Form.useForm<RegisterRequest>();

  async function onLogin(values: LoginRequest) {
    try {
      await login(values);
      navigate('/');
    } catch {
      // useAuthActions already told the user; this page stays as it is.
    }
  }

  async function onRegister(values: RegisterRequest) {
    try {
      const user = await register(values);
      registerForm.resetFields();
      loginForm.setFieldsValue({ username: user.username, password: '' });
      setTab('login');
    } catch {
      // Told by useAuthActions; the form keeps what was typed.
    }
  }

  const loginPanel = (
    <Form form={loginForm} name="login" layout="vertical" onFinish={onLogin} disabled={loading}>
      <Form.Item name="username" label="Username" rules={[{ required: true, message: 'Please enter your username' }]}>
        <Input autoComplete="username" maxLength={50} />
      </Form.Item>
      <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Please enter your password' }]}>
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        Login
      </Button>
    </Form>
  );

  const registerPanel = (
    <Form form={registerForm} name="register" layout="vertical" onFinish={onRegister} disabled={loading}>
      <div className="form-pair">
        <Form.Item name="firstName" label="First name" rules={[{ required: true, whitespace: true, message: 'First name is required' }]}>
          <Input autoComplete="given-name" maxLength={50} />
        </Form.Item>
        <Form.Item name="lastName" label="Last name" rules={[{ required: true, whitespace: true, message: 'Last name is required' }]}>
          <Input autoComplete="family-name" maxLength={50} />
        </Form.Item>
      </div>
      <Form.Item name="username" label="Username" rules={[{ required: true, min: 3, message: 'Username must be at least 3 characters' }]}>
        <Input autoComplete="username" maxLength={50} />
      </Form.Item>
      <Form.Item name="email" label="Email" rules={[{ required: true, type: 'email', message: 'Please enter a valid email address' }]}>
        <Input type="email" autoComplete="email" maxLength={100} />
      </Form.Item>
      <Form.Item name="phone" label="Phone" rules={[phoneRule]}>
        <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} />
      </Form.Item>
      <Form.Item name="password" label="Password" rules={[{ required: true, min: 8, message: 'Password must be at least 8 characters' }]}>
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        Create Account
      </Button>
    </Form>
  );

  return (
    <div className="page marketing auth-page">
      <Link to="/" className="back-link">
        <ArrowLeftOutlined aria-hidden /> Back to Home
      </Link>
      <div className="auth-layout">
        <section className="form-panel">
          <h1>Welcome to {BUSINESS.shortName}</h1>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as Tab)}
            items={[
              { key: 'login', label: 'Login', children: loginPanel, forceRender: true },
              { key: 'register', label: 'Register', children: registerPanel, forceRender: true },
            ]}
          />
        </section>
        <aside className="auth-marketing">
          <h2>Your account, your jobs</h2>
          <p>Sign in to manage bookings and follow every job from call-out to completion.</p>
          <ul className="check-list">
            {PERKS.map((perk) => (
              <li key={perk}>
                <SvgIcon icon={CheckCircleFilled} /> {perk}
              </li>
            ))}
          </ul>
          <p>
            Stranded right now? <Link to="/sos" reloadDocument>STUCK NOW</Link>: no account needed.
          </p>
        </aside>
      </div>
    </div>
  );
}
