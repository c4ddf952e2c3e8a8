import { useQuery } from '@tanstack/react-query';
import type { CreateDriverRequest, DriverAccount } from '@towing/contracts';
import { Button, Form, Input, Modal, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { phoneRule } from '../../../shared/forms/phoneRule';
import { applyServerErrors, errorText, serverErrors } from '../../../shared/forms/serverErrors';
import { queryClient } from '../../../shared/query/queryClient';
import { useNotification } from '../../../shared/ui/notification';

const DRIVER_ACCOUNTS = ['driver-accounts'] as const;

/**
 * The board's Drivers tab: who can sign in to /driver. Admins add driver accounts and disable
 * them (a disabled account is signed out at once, e.g. a lost phone); owners who drive are
 * listed as such and stay admins.
 */
export function DriverAccounts() {
  const accounts = useQuery({ queryKey: DRIVER_ACCOUNTS, queryFn: () => api.call('GET /api/drivers') }, queryClient);
  const notification = useNotification();
  const [form] = Form.useForm<CreateDriverRequest>();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);

  async function create(values: CreateDriverRequest) {
    setBusy(true);
    try {
      await api.call('POST /api/drivers', { body: values });
      notification.success({ title: 'Driver account created', description: `${values.firstName} can now sign in at /driver` });
      setAdding(false);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: DRIVER_ACCOUNTS });
    } catch (error) {
      if (Object.keys(serverErrors(error).fields).length) applyServerErrors(form, error);
      else notification.error({ title: 'Failed to create driver account', description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  async function setActive(account: DriverAccount, active: boolean) {
    try {
      await api.call('PATCH /api/drivers/:id', { params: { id: account.id }, body: { active } });
      notification.success({ title: active ? 'Driver account enabled' : 'Driver account disabled' });
      await queryClient.invalidateQueries({ queryKey: DRIVER_ACCOUNTS });
    } catch (error) {
      notification.error({ title: 'Failed to change the driver account', description: errorText(error) });
    }
  }

  return (
    <>
      <Typography.Paragraph>
        Drivers sign in at <a href="/driver">/driver</a> on their phone: open SOS, their jobs and today's bookings, nothing about money or settings.
      </Typography.Paragraph>
      <Button type="primary" onClick={() => setAdding(true)} style={{ marginBottom: 12 }}>
        New Driver
      </Button>
      <Table<DriverAccount>
        rowKey="id"
        loading={accounts.isPending}
        dataSource={accounts.data ?? []}
        pagination={false}
        columns={[
          { title: 'Name', render: (_, account) => `${account.firstName ?? ''} ${account.lastName ?? ''}`.trim() || account.username },
          { title: 'Username', dataIndex: 'username' },
          { title: 'Phone', dataIndex: 'phone' },
          { title: 'Role', render: (_, account) => (account.role === 'admin' ? <Tag color="blue">Owner (admin who drives)</Tag> : <Tag>Driver</Tag>) },
          {
            title: 'Active',
            render: (_, account) =>
              account.role === 'driver' ? (
                <Switch aria-label={`${account.username} active`} checked={account.active} onChange={(active) => void setActive(account, active)} />
              ) : (
                '-'
              ),
          },
        ]}
      />
      <Modal open={adding} title="New Driver" okText="Create" confirmLoading={busy} onOk={() => form.submit()} onCancel={() => setAdding(false)} destroyOnHidden>
        <Form<CreateDriverRequest> form={form} layout="vertical" onFinish={create}>
          <Form.Item name="firstName" label="First name" rules={[{ required: true, message: 'First name is required' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="lastName" label="Last name" rules={[{ required: true, message: 'Last name is required' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="phone" label="Phone" rules={[phoneRule]}>
            <Input type="tel" />
          </Form.Item>
          <Form.Item name="email" label="Email" rules={[{ required: true, type: 'email', message: 'Please enter a valid email address' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="username" label="Username" rules={[{ required: true, min: 3, message: 'Username must be at least 3 characters' }]}>
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[{ required: true, min: 8, message: 'Password must be at least 8 characters' }]}>
            <Input.Password maxLength={128} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
