import { Spin } from 'antd';

export function RouteLoading() {
  return (
    <div className="route-loading">
      <Spin size="large" />
    </div>
  );
}
