import { Empty } from 'antd';
import { type HTMLAttributes, lazy, type ReactNode, Suspense, useState } from 'react';

const PAGE_SIZE = 20;

/** antd's pager (and the select it carries) loads only for a list longer than a page. */
const Pagination = lazy(() => import('antd/es/pagination'));

interface PagedListProps<T> {
  items: T[];
  rowKey(item: T): string | number;
  renderItem(item: T): ReactNode;
  empty: string;
}

/** One page at a time, so a board of thousands of jobs renders as quickly as one of twenty. */
export function PagedList<T>({ items, rowKey, renderItem, empty }: PagedListProps<T>) {
  const [page, setPage] = useState(1);
  if (items.length === 0) return <Empty description={empty} />;
  const lastPage = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const visible = items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <div className="admin-list">
      {visible.map((item) => (
        <div key={rowKey(item)}>{renderItem(item)}</div>
      ))}
      {items.length > PAGE_SIZE && (
        <Suspense fallback={null}>
          <Pagination size="small" align="center" current={current} pageSize={PAGE_SIZE} total={items.length} showSizeChanger={false} onChange={setPage} />
        </Suspense>
      )}
    </div>
  );
}

interface ItemProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A row of a board list: a title line, details, and its actions (which wrap below on a phone). */
export function ListItem({ title, actions, children, className, ...rest }: ItemProps) {
  return (
    <div className={`admin-item${className ? ` ${className}` : ''}`} {...rest}>
      <div className="admin-item-body">
        <div className="admin-item-title">{title}</div>
        {children}
      </div>
      {actions && <div className="admin-actions">{actions}</div>}
    </div>
  );
}
