import { Button, Typography } from 'antd';

/** Says a read failed and offers it again; what was read before stays on screen beside it. */
export function ReadFailed({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <Typography.Paragraph type="danger" role="alert">
      Could not load {what}.{' '}
      <Button size="small" onClick={onRetry}>
        Try again
      </Button>
    </Typography.Paragraph>
  );
}
