import CarOutlined from '@ant-design/icons-svg/es/asn/CarOutlined';
import CheckCircleOutlined from '@ant-design/icons-svg/es/asn/CheckCircleOutlined';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { SvgIcon } from './SvgIcon';

/** Badge colours of the spec's statuses; anything else gets a neutral badge. */
const STATUS_COLOURS: Record<string, string> = {
  Emergency: 'red',
  'In Progress': 'blue',
  'En Route': 'gold',
  Completed: 'green',
  Scheduled: 'purple',
  Assigned: 'cyan',
  Cancelled: 'default',
};

const ICONS: Record<string, ReactNode> = {
  Emergency: <SvgIcon icon={WarningOutlined} />,
  'En Route': <SvgIcon icon={CarOutlined} />,
  'In Progress': <SvgIcon icon={ToolOutlined} />,
  Completed: <SvgIcon icon={CheckCircleOutlined} />,
  Cancelled: <SvgIcon icon={StopOutlined} />,
};

export function JobStatusTag({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} icon={ICONS[status] ?? <SvgIcon icon={ClockCircleOutlined} />}>
      {status}
    </Tag>
  );
}
