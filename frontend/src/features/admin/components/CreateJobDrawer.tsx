import { Drawer } from 'antd';
import { CreateJobForm } from './CreateJobForm';

/**
 * The create-job form in a drawer, out of the way of the open SOS and the lists. Closing it (a
 * click on the mask toward an SOS) only hides it: the half-typed job is there when it reopens.
 */
export function CreateJobDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Drawer title="Create Job" open={open} onClose={onClose} size="large">
      <CreateJobForm onCreated={onClose} />
    </Drawer>
  );
}
