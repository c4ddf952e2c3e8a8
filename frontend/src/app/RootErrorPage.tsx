import { PhoneOutlined } from '@ant-design/icons';
import { BUSINESS } from '@towing/contracts';
import { Button, Result } from 'antd';
import { telHref } from '../lib/tel';

/**
 * A screen's chunk can fail to download on a patchy rural connection. A stranded driver who
 * lands here still needs the phone number, so it is the one thing this page offers besides reloading.
 */
export function RootErrorPage() {
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle="Check your connection and reload the page, or call us directly."
      extra={[
        <Button key="call" type="primary" danger size="large" href={telHref(BUSINESS.phoneE164)} icon={<PhoneOutlined />}>
          Call {BUSINESS.phone}
        </Button>,
        <Button key="reload" size="large" onClick={() => window.location.reload()}>
          Reload
        </Button>,
      ]}
    />
  );
}
