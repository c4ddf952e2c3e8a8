import { ASSIGNEES } from '@towing/contracts';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { jobChanged } from '../board-data';
import { ADMIN_JOB_SERVICES, type JobFormValues, toCreateJobBody } from '../job-form';
import { useNotification } from '../../../shared/ui/notification';

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** The admin's new job; it lives in a drawer so a new SOS is never hidden behind it. */
export function CreateJobForm({ onCreated }: { onCreated(): void }) {
  const notification = useNotification();
  const [form] = Form.useForm<JobFormValues>();
  const [busy, setBusy] = useState(false);

  async function create(values: JobFormValues) {
    setBusy(true);
    try {
      const { job } = await api.call('POST /api/jobs', { body: toCreateJobBody(values) });
      jobChanged(job);
      form.resetFields();
      onCreated();
      notification.success({ title: 'Job Created', description: `${job.id} for ${job.customerName}` });
    } catch (error) {
      // The server's field messages are the spec's; show them on the fields they belong to.
      applyServerErrors(form, error);
      notification.error({ title: 'Failed to create job' });
    } finally {
      setBusy(false);
    }
  }

  return (
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
        <div className="admin-row">
          <Button type="primary" htmlType="submit" loading={busy}>
            Create Job
          </Button>
          {/* The form outlives its drawer; this is how a dispatcher starts over. */}
          <Button htmlType="button" onClick={() => form.resetFields()}>
            Clear
          </Button>
        </div>
      </Form>
  );
}
