import { type Email, formatPerthDateTime, telHrefFor } from '@towing/contracts';
import { Descriptions, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useWatchedLog } from '../hooks/useWatchedLog';
import { BOARD, useEmails } from '../board-data';
import { ReadFailed } from '../../../shared/ui/ReadFailed';
import { isUrgentMessage } from '../contact-rules';
import { ListItem, PagedList } from './PagedList';


/** Live only while this tab is open, like the notifications log. */
export function ContactMessages() {
  useWatchedLog('emails', BOARD.emails);
  const read = useEmails();
  const emails = read.data ?? [];
  const [open, setOpen] = useState<Email | null>(null);

  return (
    <>
      {read.isError && <ReadFailed what="the messages" onRetry={() => void read.refetch()} />}
      <PagedList
        items={emails}
        rowKey={(email) => email.id}
        empty="No messages yet"
        renderItem={(email) => (
          <ListItem
            data-testid={`email-${email.id}`}
            role="button"
            tabIndex={0}
            onClick={() => setOpen(email)}
            onKeyDown={(event) => event.key === 'Enter' && setOpen(email)}
            style={{ cursor: 'pointer' }}
            title={
              <span className="admin-row">
                {isUrgentMessage(email) ? <Tag color="red">URGENT</Tag> : <Tag>Normal</Tag>}
                {email.sent ? <Tag color="green">Sent</Tag> : <Tag color="orange">Pending</Tag>}
                <span>{email.subject}</span>
              </span>
            }
          >
            <div>
              To {email.to}
              {email.customerInfo?.name ? ` · from ${email.customerInfo.name}` : ''}
            </div>
            <Typography.Text type="secondary">{formatPerthDateTime(email.timestamp)}</Typography.Text>
          </ListItem>
        )}
      />
      <Modal open={open !== null} title={open?.subject} footer={null} onCancel={() => setOpen(null)} width={720}>
        {open && (
          <>
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Received">{formatPerthDateTime(open.timestamp)}</Descriptions.Item>
              <Descriptions.Item label="To">{open.to}</Descriptions.Item>
              <Descriptions.Item label="Name">{open.customerInfo?.name ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="Phone">
                {open.customerInfo?.phone ? <a href={telHrefFor(open.customerInfo.phone, null)}>{open.customerInfo.phone}</a> : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="Email">{open.customerInfo?.email ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="Service">{open.customerInfo?.service ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="Message">
                <span style={{ whiteSpace: 'pre-wrap' }}>{open.customerInfo?.message ?? '-'}</span>
              </Descriptions.Item>
            </Descriptions>
            {/* The stored HTML is our own rendered template; a sandboxed frame keeps any markup inert. */}
            <iframe title="Message" sandbox="" srcDoc={open.htmlContent} style={{ width: '100%', height: 360, border: '1px solid #eee' }} />
          </>
        )}
      </Modal>
    </>
  );
}
