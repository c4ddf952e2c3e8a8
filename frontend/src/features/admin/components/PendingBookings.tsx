import type { Booking } from '@towing/contracts';
import { formatPerthDateTime, telHrefFor } from '@towing/contracts';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { bookingChanged, jobChanged, usePendingBookings } from '../board-data';
import { ListItem, PagedList } from './PagedList';
import { useNotification } from '../../../shared/ui/notification';
import { LongText } from './LongText';

const URGENCY_COLOURS: Record<string, string> = { emergency: 'red', 'same-day': 'orange', scheduled: 'blue' };

function formatDay(value: string): string {
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

export function PendingBookings() {
  const notification = useNotification();
  const bookings = usePendingBookings().data ?? [];
  const [approving, setApproving] = useState<number | null>(null);

  async function approve(booking: Booking) {
    setApproving(booking.id);
    try {
      const answer = await api.call('POST /api/bookings/:id/approve', { params: { id: booking.id } });
      bookingChanged(answer.booking);
      jobChanged(answer.job);
      notification.success({ title: 'Booking Approved', description: `Job ${answer.job.id} was created` });
    } catch {
      notification.error({ title: 'Failed to approve booking' });
    } finally {
      setApproving(null);
    }
  }

  return (
    <PagedList
      items={bookings}
      rowKey={(booking) => booking.id}
      empty="No pending bookings"
      renderItem={(booking) => (
        <ListItem
          data-testid={`booking-${booking.id}`}
          title={
            <span className="admin-row">
              <span>{booking.customerName}</span>
              <Tag color={URGENCY_COLOURS[booking.urgency]}>{booking.urgency}</Tag>
              <Tag>{booking.service}</Tag>
            </span>
          }
          actions={
            <Button type="primary" loading={approving === booking.id} onClick={() => approve(booking)}>
              Approve & Create Job
            </Button>
          }
        >
          <div>
            <a href={telHrefFor(booking.phone, null)}>{booking.phone}</a> · {booking.email}
          </div>
          <div>{booking.location}</div>
          <div>
            Preferred: {formatDay(booking.preferredDate)} {booking.preferredTime}
          </div>
          {booking.vehicleDetails && <div>Vehicle: {booking.vehicleDetails}</div>}
          <LongText text={booking.description} />
          <span className="board-muted">Received {formatPerthDateTime(booking.createdAt)}</span>
        </ListItem>
      )}
    />
  );
}
