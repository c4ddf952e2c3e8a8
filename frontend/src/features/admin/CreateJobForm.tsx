import { ASSIGNEES, type JobResponse } from '@towing/contracts';
import { Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { api, HttpError } from '../../api/client';
import { useAdminStore } from './admin.store';
import { ADMIN_JOB_SERVICES, type JobFormValues, toCreateJobBody } from './job-form';
import { useNotification } from '../../ui/notification';

const required = (message: string) => [{ required: true, whitespace: true, message }];

export function CreateJobForm() {
  const notification = useNotification();
  const [form] = Form.useForm<JobFormValues>();
  const [busy, setBusy] = useState(false);

  async function create(values: JobFormValues) {
    setBusy(true);
    try {
      const { job } = await api.post<JobResponse>('/api/jobs', toCreateJobBody(values));
      useAdminStore.getState().upsertJob(job);
      form.resetFields();
      notification.success({ title: 'Job Created', description: `${job.id} for ${job.customerName}` });
    } catch (error) {
      // The server's field messages are the spec's; show them on the fields they belong to.
      const fields = error instanceof HttpError ? (error.body?.errors ?? []) : [];
      if (fields.length) form.setFields(fields.map((field) => ({ name: field.field as keyof JobFormValues, errors: [field.message] })));
      notification.error({ title: 'Failed to create job' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Create Job" size="small" style={{ marginBottom: 16 }}>
      <Form<JobFormValues> form={form} layout="vertical" onFinish={create} initialValues={{ assignedTo: 'Unassigned' }}>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Customer name" name="customerName" rules={required('Customer name is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Phone" name="phone" rules={required('Phone number is required')}>
              <Input type="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Email" name="email" rules={[{ type: 'email', message: 'Please enter a valid email address' }]}>
              <Input type="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Service" name="service" rules={[{ required: true, message: 'Service is required' }]}>
              <Select options={ADMIN_JOB_SERVICES.map((service) => ({ value: service, label: service }))} placeholder="Select a service" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Location" name="location" rules={required('Location is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Estimated arrival (Perth time)" name="estimatedArrival">
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Assigned to" name="assignedTo">
              <Select options={ASSIGNEES.map((name) => ({ value: name, label: name }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Notes" name="notes">
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy}>
          Create Job
        </Button>
      </Form>
    </Card>
  );
}
