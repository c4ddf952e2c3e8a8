import { Typography } from 'antd';
import { screenTitle, useDocumentTitle } from '../hooks/useDocumentTitle';

interface Props {
  screen: string;
  /** Defaults to '<screen> | <business name>'. */
  title?: string;
}

/** Stands in for a screen until its own issue builds it. */
export function PlaceholderPage({ screen, title = screenTitle(screen) }: Props) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <Typography.Title level={1}>{screen}</Typography.Title>
    </div>
  );
}
