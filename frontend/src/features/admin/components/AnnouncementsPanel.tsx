import { type Announcement, ANNOUNCEMENT_TYPES, type AnnouncementInput, formatPerthDateTime, isoToPerthLocal, perthLocalToIso } from '@towing/contracts';
import { Button, Form, Input, Modal, Popconfirm, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { announcementsChanged, useAllAnnouncements } from '../board-data';
import { ListItem, PagedList } from './PagedList';
import { useNotification } from '../../../shared/ui/notification';

interface FormValues extends Omit<AnnouncementInput, 'expiresAt'> {
  /** datetime-local, Perth time. */
  expiresAt?: string;
}

const TYPE_COLOURS: Record<string, string> = { info: 'blue', warning: 'orange', urgent: 'red' };
const BLANK: FormValues = { title: '', message: '', type: 'info', active: true, showAsPopup: true, showInSidebar: true };

export function AnnouncementsPanel() {
  const announcements = useAllAnnouncements().data ?? [];
  const notification = useNotification();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const [busy, setBusy] = useState(false);

  function open(target: Announcement | 'new') {
    setEditing(target);
    form.setFieldsValue(target === 'new' ? BLANK : { ...target, expiresAt: target.expiresAt ? isoToPerthLocal(target.expiresAt) : undefined });
  }

  async function save(values: FormValues) {
    const body: AnnouncementInput = { ...values, expiresAt: values.expiresAt ? perthLocalToIso(values.expiresAt) : null };
    const isNew = editing === 'new';
    setBusy(true);
    try {
      if (isNew) await api.call('POST /api/announcements', { body });
      else await api.call('PUT /api/announcements/:id', { params: { id: (editing as Announcement).id }, body });
      notification.success({ title: isNew ? 'Announcement created successfully' : 'Announcement updated successfully' });
      setEditing(null);
      await announcementsChanged();
    } catch {
      notification.error({ title: isNew ? 'Failed to create announcement' : 'Failed to update announcement' });
    } finally {
      setBusy(false);
    }
  }

  async function remove(announcement: Announcement) {
    try {
      await api.call('DELETE /api/announcements/:id', { params: { id: announcement.id } });
      notification.success({ title: 'Announcement deleted successfully' });
      await announcementsChanged();
    } catch {
      notification.error({ title: 'Failed to delete announcement' });
    }
  }

  return (
    <>
      <Button type="primary" onClick={() => open('new')} style={{ marginBottom: 12 }}>
        New Announcement
      </Button>
      <PagedList
        items={announcements}
        rowKey={(announcement) => announcement.id}
        empty="No announcements"
        renderItem={(announcement) => {
          const expired = announcement.expiresAt !== null && Date.parse(announcement.expiresAt) <= Date.now();
          return (
            <ListItem
              data-testid={`announcement-${announcement.id}`}
              className={announcement.active ? undefined : 'admin-inactive'}
              title={
                <span className="admin-row">
                  <span>{announcement.title}</span>
                  <Tag color={TYPE_COLOURS[announcement.type]}>{announcement.type}</Tag>
                  {!announcement.active && <Tag>Inactive</Tag>}
                  {expired && <Tag>Expired</Tag>}
                  {announcement.showAsPopup && <Tag variant="filled">Popup</Tag>}
                  {announcement.showInSidebar && <Tag variant="filled">Sidebar</Tag>}
                </span>
              }
              actions={
                <>
                  <Button onClick={() => open(announcement)}>Edit</Button>
                  <Popconfirm title="Delete this announcement?" okText="Delete" onConfirm={() => remove(announcement)}>
                    <Button danger>Delete</Button>
                  </Popconfirm>
                </>
              }
            >
              <div style={{ whiteSpace: 'pre-wrap' }}>{announcement.message}</div>
              <Typography.Text type="secondary">
                {formatPerthDateTime(announcement.createdAt)} by {announcement.createdBy}
                {announcement.expiresAt ? ` · expires ${formatPerthDateTime(announcement.expiresAt)}` : ''}
              </Typography.Text>
            </ListItem>
          );
        }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'New Announcement' : 'Edit Announcement'}
        okText="Save"
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> form={form} layout="vertical" onFinish={save} initialValues={BLANK}>
          <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: 'Title is required' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="Message" name="message" rules={[{ required: true, whitespace: true, message: 'Message is required' }]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Form.Item label="Type" name="type">
            <Select options={ANNOUNCEMENT_TYPES.map((type) => ({ value: type, label: type }))} />
          </Form.Item>
          <div className="admin-row" style={{ gap: 24 }}>
            <Form.Item label="Active" name="active" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="Popup" name="showAsPopup" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="Sidebar" name="showInSidebar" valuePropName="checked">
              <Switch />
            </Form.Item>
          </div>
          <Form.Item label="Expires (Perth time, optional)" name="expiresAt">
            <Input type="datetime-local" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
