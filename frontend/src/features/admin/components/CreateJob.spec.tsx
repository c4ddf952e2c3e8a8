import type { Job } from '@towing/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AntdTheme } from '../../../shared/ui/AntdTheme';
import { testJob } from '../test-jobs';
import { CreateJob } from './CreateJob';
import { queryClient } from '../../../shared/query/queryClient';
import { BOARD } from '../board-data';
import { apiAnswer, fakeFetch, jsonBody, restoreFetch } from '../../../../test/api-answer';

let posted: unknown[];

beforeEach(() => {
  posted = [];
  fakeFetch((_url, init) => {
    const body = jsonBody(init) as { customerName: string };
    posted.push(body);
    return apiAnswer(201, { job: testJob({ id: 'JOB-2025-30', customerName: body.customerName }) });
  });
  act(() => queryClient.setQueryData(BOARD.jobs, []));
});

afterEach(() => {
  cleanup();
  restoreFetch();
  queryClient.clear();
});

const renderCreateJob = () =>
  render(
    <AntdTheme>
      <CreateJob />
    </AntdTheme>,
  );
const openDrawer = () => fireEvent.click(screen.getAllByRole('button', { name: /Create Job/ })[0]);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const drawerShown = () => document.querySelector('.ant-drawer-open') !== null;

describe('the create-job drawer', () => {
  it('keeps a half-typed job when a click on the mask closes it, until the form is cleared', async () => {
    renderCreateJob();
    openDrawer();
    await screen.findByLabelText('Customer name');
    type('Customer name', 'Rhys Tulloch');
    type('Location', 'Millstream Road, 40 km south');

    // The dispatcher clicks toward a new SOS.
    fireEvent.click(document.querySelector('.ant-drawer-mask')!);
    await waitFor(() => expect(drawerShown()).toBe(false));

    openDrawer();
    await waitFor(() => expect(drawerShown()).toBe(true));
    expect(field('Customer name').value).toBe('Rhys Tulloch');
    expect(field('Location').value).toBe('Millstream Road, 40 km south');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(field('Customer name').value).toBe(''));
    expect(field('Location').value).toBe('');
    expect(posted).toEqual([]);
  });

  it('starts empty again once the job is created', async () => {
    renderCreateJob();
    openDrawer();
    await screen.findByLabelText('Customer name');
    type('Customer name', 'Mei Anderson');
    type('Phone', '0412 555 019');
    type('Location', 'Dampier Road');
    fireEvent.mouseDown(field('Service'));
    fireEvent.click(await screen.findByTitle('Engine Service'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Create Job' }).at(-1)!);

    await waitFor(() => expect(drawerShown()).toBe(false));
    expect(posted).toMatchObject([{ customerName: 'Mei Anderson', phone: '0412 555 019', service: 'Engine Service', location: 'Dampier Road' }]);
    expect(queryClient.getQueryData<Job[]>(BOARD.jobs)!.map((job) => job.id)).toEqual(['JOB-2025-30']);
    openDrawer();
    await waitFor(() => expect(drawerShown()).toBe(true));
    expect(field('Customer name').value).toBe('');
  });
});
