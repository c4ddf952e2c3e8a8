import type { ReviewedTestimonial } from '@towing/contracts';
import { Button, Rate, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { api } from '../../../shared/api/client';
import { useOnSocketConnect } from '../../../shared/realtime/useOnSocketConnect';
import { useSocketEvent } from '../../../shared/realtime/useSocketEvent';
import { useNotification } from '../../../shared/ui/notification';
import { formatPerthDateTime } from '@towing/contracts';
import { ListItem, PagedList } from './PagedList';

/** Testimonials waiting for a staff member: nothing a visitor types goes public before someone reads it. */
export function TestimonialsReview() {
  const notification = useNotification();
  const [pending, setPending] = useState<ReviewedTestimonial[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const reload = useCallback(() => {
    api
      .call('GET /api/testimonials/review', { query: { status: 'pending' } })
      .then(setPending)
      .catch(() => notification.error({ title: 'Could not load testimonials' }));
  }, [notification]);
  useOnSocketConnect(reload);
  useSocketEvent('testimonial:updated', (testimonial) =>
    setPending((current) => {
      const others = current.filter((candidate) => candidate.id !== testimonial.id);
      return testimonial.status === 'pending' ? [...others, testimonial] : others;
    }),
  );

  async function decide(testimonial: ReviewedTestimonial, status: 'approved' | 'rejected') {
    setBusy(testimonial.id);
    try {
      await api.call('PATCH /api/testimonials/:id', { params: { id: testimonial.id }, body: { status } });
      setPending((current) => current.filter((candidate) => candidate.id !== testimonial.id));
      notification.success({ title: status === 'approved' ? 'Testimonial approved' : 'Testimonial rejected', description: `From ${testimonial.name}` });
    } catch {
      notification.error({ title: 'Failed to update testimonial' });
    } finally {
      setBusy(null);
    }
  }

  return (
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
  );
}
