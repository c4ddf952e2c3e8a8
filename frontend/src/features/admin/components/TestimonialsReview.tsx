import type { ReviewedTestimonial } from '@towing/contracts';
import { Button, Rate, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { ReadFailed } from '../../../shared/ui/ReadFailed';
import { useNotification } from '../../../shared/ui/notification';
import { testimonialChanged, usePendingTestimonials } from '../board-data';
import { formatPerthDateTime } from '@towing/contracts';
import { ListItem, PagedList } from './PagedList';

/** Testimonials waiting for a staff member: nothing a visitor types goes public before someone reads it. */
export function TestimonialsReview() {
  const notification = useNotification();
  const read = usePendingTestimonials();
  const pending = read.data ?? [];
  const [busy, setBusy] = useState<number | null>(null);

  async function decide(testimonial: ReviewedTestimonial, status: 'approved' | 'rejected') {
    setBusy(testimonial.id);
    try {
      await api.call('PATCH /api/testimonials/:id', { params: { id: testimonial.id }, body: { status } });
      testimonialChanged({ ...testimonial, status });
      notification.success({ title: status === 'approved' ? 'Testimonial approved' : 'Testimonial rejected', description: `From ${testimonial.name}` });
    } catch {
      notification.error({ title: 'Failed to update testimonial' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {read.isError && <ReadFailed what="testimonials" onRetry={() => void read.refetch()} />}
      <PagedList
      items={pending}
      rowKey={(testimonial) => testimonial.id}
      empty="No testimonials waiting for approval"
      renderItem={(testimonial) => (
        <ListItem
          data-testid={`testimonial-${testimonial.id}`}
          title={
            <>
              {testimonial.name} · {testimonial.location} <Rate disabled value={testimonial.rating} style={{ fontSize: 14 }} />
            </>
          }
          actions={
            <>
              <Button type="primary" loading={busy === testimonial.id} disabled={busy !== null} onClick={() => decide(testimonial, 'approved')}>
                Approve
              </Button>
              <Button danger disabled={busy !== null} onClick={() => decide(testimonial, 'rejected')}>
                Reject
              </Button>
            </>
          }
        >
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{testimonial.message}</Typography.Paragraph>
          <Typography.Text type="secondary">
            {testimonial.service} · {formatPerthDateTime(testimonial.createdAt)}
          </Typography.Text>
        </ListItem>
      )}
    />
    </>
  );
}
