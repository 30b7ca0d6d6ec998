import type { TPublicUser } from '@lending/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { fillIn, formFields, makeUser, pngFile } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { PaymentQrCard } from '../components/payment-qr-card';

type THandler = TMockReply | ((call: TMockCall) => TMockReply);

const admin = makeUser('admin', {
  id: 2,
  name: 'Anita Desai',
  email: 'anita@example.com',
  mobile: '9820012345',
  address: 'FC Road, Pune',
  pan_card: '/api/files/pan.png?sig=1',
  voter_card: '/api/files/voter.png?sig=1',
});

const openProfile = async (
  profile: TPublicUser,
  extra: Record<string, THandler> = {},
  path = '/admin/profile',
) => {
  const app = renderApp(path, {
    user: profile,
    api: { 'GET /users/profile/me': { body: profile }, ...extra },
  });
  expect(await screen.findByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
  await screen.findByTestId('profile-form');
  return app;
};

const jsonBody = (call: TMockCall | undefined) =>
  call === undefined ? null : JSON.parse(String(call.init.body));
const puts = (app: ReturnType<typeof renderApp>) =>
  app.calls.filter((call) => call.method === 'PUT' && call.path === '/users/profile/me');

describe('profile settings', () => {
  it('shows the summary and the form, with e-mail and mobile read-only', async () => {
    await openProfile(admin);
    const summary = screen.getByTestId('profile-summary');
    expect(within(summary).getByText('Anita Desai')).toBeInTheDocument();
    expect(within(summary).getByText('anita@example.com')).toBeInTheDocument();
    expect(within(summary).getByText('9820012345')).toBeInTheDocument();
    expect(within(summary).getByText('FC Road, Pune')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('Anita Desai');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('Email cannot be changed for security reasons')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile')).toHaveAttribute('readonly');
    expect(screen.getByText('Mobile cannot be changed for security reasons')).toBeInTheDocument();
    // Admins have no payment QR card.
    expect(screen.queryByTestId('payment-qr')).not.toBeInTheDocument();
  });

  it('saves the personal information, location and new documents in one multipart call', async () => {
    const app = await openProfile(admin, {
      'PUT /users/profile/me': { body: { message: 'Profile updated successfully', user: admin } },
    });
    await fillIn(app.events, screen.getByLabelText(/^Full Name/), '');
    await app.events.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await fillIn(app.events, screen.getByLabelText(/^Full Name/), 'Anita D.');
    await fillIn(app.events, screen.getByLabelText('Latitude'), '95');
    await app.events.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Latitude must be between -90 and 90')).toBeInTheDocument();
    expect(screen.getByText('Latitude and longitude must be given together')).toBeInTheDocument();
    await fillIn(app.events, screen.getByLabelText('Latitude'), '18.52');
    await fillIn(app.events, screen.getByLabelText('Longitude'), '73.85');
    const panInput = document.querySelector<HTMLInputElement>('input[type="file"][name="pan_card"]');
    await app.events.upload(panInput as HTMLInputElement, pngFile('pan.png'));
    await app.events.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(formFields((puts(app)[0] as TMockCall).init)).toEqual({
      name: 'Anita D.',
      address: 'FC Road, Pune',
      latitude: '18.52',
      longitude: '73.85',
      pan_card: 'file:pan.png',
    });
  });

  it('refuses a non-image document and shows the server’s refusal', async () => {
    const app = await openProfile(admin, {
      'PUT /users/profile/me': {
        status: 400,
        body: {
          message: 'Name must be at most 100 characters',
          errors: [{ param: 'name', msg: 'Too long' }],
        },
      },
    });
    const input = document.querySelector<HTMLInputElement>('input[type="file"][name="voter_card"]');
    await app.events.upload(input as HTMLInputElement, new File(['hello'], 'x.png', { type: 'image/png' }));
    expect(await screen.findByText('Please upload only image files (JPG, PNG, etc.)')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Clear Voter Card' }));
    await app.events.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Too long')).toBeInTheDocument();
  });

  it('views documents in the gallery and removes one after a confirmation', async () => {
    const app = await openProfile(admin, {
      'PUT /users/profile/me': {
        body: { message: 'Profile updated successfully', user: { ...admin, pan_card: null } },
      },
    });
    await app.events.click(screen.getByRole('button', { name: 'View Voter Card' }));
    expect(await screen.findByTestId('gallery-position')).toHaveTextContent('2 of 2');
    await app.events.keyboard('{ArrowRight}');
    expect(screen.getByTestId('gallery-position')).toHaveTextContent('1 of 2');
    expect(
      within(screen.getByTestId('image-gallery')).getByRole('img', { name: 'PAN Card' }),
    ).toBeInTheDocument();
    await app.events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('gallery-position')).toBeNull());

    await app.events.click(screen.getByRole('button', { name: 'Remove PAN Card' }));
    expect(await screen.findByText('Are you sure you want to delete your PAN Card?')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(puts(app)).toHaveLength(0);
    await app.events.click(screen.getByRole('button', { name: 'Remove PAN Card' }));
    await app.events.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('PAN Card deleted successfully')).toBeInTheDocument();
    expect(jsonBody(puts(app)[0])).toEqual({ pan_card: null });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove PAN Card' })).toBeNull());
  });

  it('gets the browser position and saves it', async () => {
    const app = await openProfile(admin, {
      'PUT /users/profile/me': { body: { message: 'Profile updated successfully', user: admin } },
    });
    const geolocation = {
      getCurrentPosition: vi.fn((success: PositionCallback) =>
        success({ coords: { latitude: 18.5204, longitude: 73.8567, accuracy: 20 } } as GeolocationPosition),
      ),
    };
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
    try {
      await app.events.click(screen.getByRole('button', { name: 'Get My Location' }));
      expect(await screen.findByText('Location updated successfully!')).toBeInTheDocument();
      expect(screen.getByLabelText('Latitude')).toHaveValue('18.5204');
      expect(screen.getByLabelText('Longitude')).toHaveValue('73.8567');
      expect(jsonBody(puts(app)[0])).toEqual({
        latitude: 18.5204,
        longitude: 73.8567,
        location_accuracy: 20,
        location_enabled: true,
      });

      geolocation.getCurrentPosition.mockImplementationOnce(
        (_success: PositionCallback, failure?: PositionErrorCallback | null) =>
          failure?.({ code: 1, message: 'denied' } as GeolocationPositionError),
      );
      await app.events.click(screen.getByRole('button', { name: 'Get My Location' }));
      expect(await screen.findByText('Failed to get location. Please enter manually.')).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
    await app.events.click(screen.getByRole('button', { name: 'Get My Location' }));
    expect(await screen.findByText('Geolocation is not supported by this browser.')).toBeInTheDocument();
  });

  it('changes the password with the profile’s rules', async () => {
    let answer: TMockReply = { status: 400, body: { message: 'Current password is incorrect' } };
    const app = await openProfile(admin, { 'PUT /users/change-password': () => answer });
    const submit = screen.getByRole('button', { name: 'Change Password' });
    expect(submit).toBeDisabled();
    await fillIn(app.events, screen.getByLabelText('Current Password'), 'old-secret');
    await fillIn(app.events, screen.getByLabelText('New Password'), 'abc');
    expect(submit).toBeDisabled();
    await fillIn(app.events, screen.getByLabelText('Confirm New Password'), 'abd');
    expect(submit).toBeEnabled();
    await app.events.click(submit);
    expect(await screen.findByText('New password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByText('New passwords do not match')).toBeInTheDocument();

    await fillIn(app.events, screen.getByLabelText('New Password'), 'new-secret');
    await fillIn(app.events, screen.getByLabelText('Confirm New Password'), 'new-secret');
    await app.events.click(submit);
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();

    answer = { body: { message: 'Password changed successfully' } };
    await app.events.click(submit);
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    const call = app.calls.filter((item) => item.path === '/users/change-password').at(-1);
    expect(jsonBody(call)).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' });
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveValue(''));
  });

  it('says so when the profile cannot be loaded', async () => {
    renderApp('/admin/profile', { user: admin, api: { 'GET /users/profile/me': { status: 404, body: {} } } });
    expect(await screen.findByText('Failed to load profile data')).toBeInTheDocument();
  });
});

describe('the payment QR code on the profile', () => {
  it('shows an agent their own QR read-only, or that none is uploaded', async () => {
    const agent = makeUser('agent', { id: 3, agent_qr_code_url: '/api/files/qr.png?sig=1' });
    const app = await openProfile(agent, {}, '/agent/profile');
    const card = screen.getByTestId('payment-qr');
    expect(within(card).getByRole('img', { name: 'Payment QR code' })).toHaveAttribute(
      'src',
      '/api/files/qr.png?sig=1',
    );
    expect(within(card).getByText('Contact admin to upload or change your QR code.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    app.unmount();

    await openProfile({ ...agent, agent_qr_code_url: null }, {}, '/agent/profile');
    expect(within(screen.getByTestId('payment-qr')).getByText('No QR code uploaded yet')).toBeInTheDocument();
  });

  it("shows a borrower their agent's QR code when there is one", () => {
    const borrower = makeUser('user', { agent_qr_code_url: '/api/files/agent-qr.png?sig=1' });
    const view = render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <PaymentQrCard user={borrower} />
      </AppProviders>,
    );
    expect(screen.getByText("Your Agent's Payment QR Code")).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Payment QR code' })).toHaveAttribute(
      'src',
      '/api/files/agent-qr.png?sig=1',
    );
    view.rerender(
      <AppProviders queryClient={createQueryClient()} env="test">
        <PaymentQrCard user={{ ...borrower, agent_qr_code_url: null }} />
      </AppProviders>,
    );
    expect(screen.queryByTestId('payment-qr')).not.toBeInTheDocument();
  });
});
