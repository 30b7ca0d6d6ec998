import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeManagedUser, makeRoles, makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const documented = makeManagedUser('agent', {
  id: 31,
  name: 'Deepa Nair',
  email: 'deepa@example.com',
  profile_pic: '/api/files/face.png?sig=1',
  pan_card: '/api/files/pan.png?sig=1',
  voter_card: '/api/files/voter.png?sig=1',
  agent_qr_code_url: '/api/files/qr.png?sig=1',
});

type THandler = TMockReply | ((call: TMockCall) => TMockReply);

const openAsSuperadmin = async (extra: Record<string, THandler> = {}) => {
  const app = renderApp('/admin/users', {
    user: makeUser('superadmin', { id: 1 }),
    api: {
      'GET /users': { body: { users: [documented], total: 1, totalPages: 1 } },
      'GET /roles': { body: makeRoles() },
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Users Management' });
  return app;
};

const position = () => screen.getByTestId('gallery-position').textContent;

describe('the documents gallery', () => {
  it('moves with the buttons and the arrow keys and closes with Escape', async () => {
    const app = await openAsSuperadmin();
    await app.events.click(await screen.findByRole('button', { name: 'View documents of Deepa Nair' }));
    const gallery = await screen.findByRole('dialog', { name: /Profile Picture/ });
    expect(position()).toBe('1 of 4');
    expect(within(gallery).getByRole('img', { name: 'Profile Picture' })).toHaveAttribute(
      'src',
      '/api/files/face.png?sig=1',
    );
    await app.events.keyboard('{ArrowRight}');
    expect(position()).toBe('2 of 4');
    expect(screen.getByRole('img', { name: 'PAN Card' })).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Next image' }));
    expect(position()).toBe('3 of 4');
    await app.events.keyboard('{ArrowLeft}');
    await app.events.keyboard('{ArrowLeft}');
    await app.events.keyboard('{ArrowLeft}');
    expect(position()).toBe('4 of 4');
    expect(screen.getByRole('img', { name: 'Agent QR Code' })).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(position()).toBe('3 of 4');
    await app.events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('gallery-position')).toBeNull());
  });

  it('offers the file when a document cannot be shown as an image', async () => {
    const app = await openAsSuperadmin();
    await app.events.click(await screen.findByRole('button', { name: 'View documents of Deepa Nair' }));
    fireEvent.error(await screen.findByRole('img', { name: 'Profile Picture' }));
    expect(await screen.findByText('Preview not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open file' })).toHaveAttribute(
      'href',
      '/api/files/face.png?sig=1',
    );
  });

  it('deletes the shown document after a confirmation, from the edit form', async () => {
    const withoutPan = { ...documented, pan_card: null };
    const app = await openAsSuperadmin({
      'DELETE /users/31/image': ({ init }) =>
        JSON.parse(String(init.body)).field === 'pan_card'
          ? { body: { message: 'PAN Card deleted successfully', user: withoutPan } }
          : { status: 400, body: { message: 'Unknown document field' } },
      'DELETE /users/31/agent-qr': { status: 500, body: {} },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Edit Deepa Nair' }));
    const form = await screen.findByRole('dialog', { name: 'Edit User' });
    await app.events.click(within(form).getByRole('button', { name: 'View PAN Card' }));
    expect(position()).toBe('2 of 4');
    await app.events.click(screen.getByRole('button', { name: 'Delete image' }));
    expect(await screen.findByText('Are you sure you want to delete the PAN Card?')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('PAN Card deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(position()).toBe('2 of 3'));
    expect(within(form).queryByRole('button', { name: 'View PAN Card' })).not.toBeInTheDocument();

    await app.events.keyboard('{ArrowRight}');
    expect(position()).toBe('3 of 3');
    await app.events.click(screen.getByRole('button', { name: 'Delete image' }));
    await app.events.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete image')).toBeInTheDocument();

    // Escape closes the gallery only; the form stays open.
    await app.events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('gallery-position')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });
});

const LOCATION = 'GET /users/location/31';
const located = {
  user: {
    latitude: 18.5204,
    longitude: 73.8567,
    location_enabled: true,
    location_updated_at: '2026-11-20T04:30:00.000Z',
    location_accuracy: 12.5,
  },
};

const openLocation = async (answer: THandler) => {
  const app = await openAsSuperadmin({ [LOCATION]: answer });
  await app.events.click(await screen.findByRole('button', { name: 'Location of Deepa Nair' }));
  const dialog = await screen.findByRole('dialog', { name: /User Location/ });
  return { app, dialog };
};

describe('the user location (superadmin)', () => {
  it('shows the position with maps and copy', async () => {
    const { app, dialog } = await openLocation({ body: located });
    expect(await within(dialog).findByText('Location Enabled')).toBeInTheDocument();
    expect(within(dialog).getByText('Deepa Nair')).toBeInTheDocument();
    expect(within(dialog).getByText('Last updated: 20 Nov 2026, 10:00 AM')).toBeInTheDocument();
    expect(within(dialog).getByText('18.5204')).toBeInTheDocument();
    expect(within(dialog).getByText('73.8567')).toBeInTheDocument();
    expect(within(dialog).getByText('12.5 meters')).toBeInTheDocument();
    const maps = within(dialog).getByRole('link', { name: 'Open in Maps' });
    expect(maps).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=18.5204,73.8567');
    expect(maps).toHaveAttribute('target', '_blank');

    const write = vi.spyOn(navigator.clipboard, 'writeText');
    await app.events.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(write).toHaveBeenCalledWith('18.5204, 73.8567');
    expect(await screen.findByText('Coordinates copied to clipboard!')).toBeInTheDocument();
    write.mockRejectedValueOnce(new Error('denied'));
    await app.events.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to copy coordinates')).toBeInTheDocument();

    await app.events.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /User Location/ })).toBeNull());
  });

  it('says when nothing was shared, or nothing is known', async () => {
    const disabled = { user: { ...located.user, latitude: null, longitude: null, location_enabled: false } };
    const first = await openLocation({ body: disabled });
    expect(await within(first.dialog).findByText('No Location Data')).toBeInTheDocument();
    expect(within(first.dialog).getByText("This user hasn't shared their location yet.")).toBeInTheDocument();
    first.app.unmount();

    const second = await openLocation({ body: {} });
    expect(await within(second.dialog).findByText('No Location Data')).toBeInTheDocument();
    expect(
      within(second.dialog).getByText('Location information is not available for this user.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No location data available for this user')).toBeInTheDocument();
  });

  it('shows the refusals in an Error panel with Try Again', async () => {
    const forbidden = await openLocation({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Access denied. Only superadmin can view user locations.' },
    });
    expect(await within(forbidden.dialog).findByText('Error')).toBeInTheDocument();
    expect(
      within(forbidden.dialog).getByText('Access denied. Only superadmin can view user locations.'),
    ).toBeInTheDocument();
    forbidden.app.unmount();

    const missing = await openLocation({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'User location not found.' },
    });
    expect(await within(missing.dialog).findByText('User location not found.')).toBeInTheDocument();
    missing.app.unmount();

    let attempts = 0;
    const flaky = await openLocation(() => {
      attempts += 1;
      return attempts === 1 ? { status: 400, body: {} } : { body: located };
    });
    expect(
      await within(flaky.dialog).findByText('Failed to load user location. Please try again.'),
    ).toBeInTheDocument();
    await flaky.app.events.click(within(flaky.dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(flaky.dialog).findByText('Location Enabled')).toBeInTheDocument();
  });

  it('refreshes, and says so when refreshing fails', async () => {
    let attempts = 0;
    const { app, dialog } = await openLocation(() => {
      attempts += 1;
      return attempts === 1 ? { body: located } : { status: 400, body: {} };
    });
    expect(await within(dialog).findByText('Location Enabled')).toBeInTheDocument();
    await app.events.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh location. Please try again.')).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(within(dialog).getByText('18.5204')).toBeInTheDocument();
  });
});
