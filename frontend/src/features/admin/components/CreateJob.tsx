import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Button, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

const CreateJobDrawer = lazy(async () => ({ default: (await import('./CreateJobDrawer')).CreateJobDrawer }));

/**
 * The board's Create Job button and its drawer, loaded on the first click and kept from then on,
 * so what was typed stays until the job is created or the form cleared.
 */
export function CreateJob() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  function show() {
    setWanted(true);
    setOpen(true);
  }

  return (
    <>
      <Button type="primary" icon={<SvgIcon icon={PlusOutlined} />} onClick={show}>
        Create Job
      </Button>
      {wanted && (
        <Suspense fallback={<Spin size="small" />}>
          <CreateJobDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
