import { CarOutlined, CheckCircleOutlined, ClockCircleOutlined, StopOutlined, ToolOutlined, WarningOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { statusColour } from './job-display';

const ICONS: Record<string, ReactNode> = {
  Emergency: <WarningOutlined />,
  'En Route': <CarOutlined />,
  'In Progress': <ToolOutlined />,
  Completed: <CheckCircleOutlined />,
  Cancelled: <StopOutlined />,
};

export function JobStatusTag({ status }: { status: string }) {
  return (
    <Tag color={statusColour(status)} icon={ICONS[status] ?? <ClockCircleOutlined />}>
      {status}
    </Tag>
  );
}
