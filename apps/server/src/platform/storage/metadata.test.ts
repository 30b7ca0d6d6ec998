import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, multipart, samples } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { sendForm, userRow } from '../../../test/support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A 4×2 photo as a phone takes it: GPS position and camera in its EXIF, turned by its orientation tag. */
const phonePhoto = async (format: 'jpeg' | 'png' | 'webp') => {
  const withExif = await sharp({ create: { width: 4, height: 2, channels: 3, background: 'red' } })
    .toFormat(format)
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 59/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '73/1 47/1 0/1',
      },
    })
    .toBuffer();
  // Orientation 6: the camera was turned, the viewer must rotate the 4×2 pixels to stand 2×4.
  return sharp(withExif).withMetadata({ orientation: 6 }).toFormat(format).toBuffer();
};

const stored = async (key: string | null | undefined) => {
  const data = key ? await t.deps.storage.get(key) : null;
  if (!data) throw new Error('no stored file');
  return data;
};

describe('uploaded images lose their metadata', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'a %s through the profile: no EXIF, orientation applied',
    async (format) => {
      const photo = await phonePhoto(format);
      expect((await sharp(photo).metadata()).exif?.includes('PhoneCo')).toBe(true);
      expect((await sharp(photo).metadata()).orientation).toBe(6);
      const me = await createSignedInUser(t);
      const saved = await sendForm(
        t,
        'PUT',
        '/api/users/profile/me',
        me.headers,
        {},
        {
          profile_pic: { data: photo, name: `me.${format}` },
        },
      );
      expect(saved.statusCode).toBe(200);
      const data = await stored((await userRow(t, me.user.id))?.profilePic);
      const metadata = await sharp(data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.format).toBe(format);
      expect([metadata.width, metadata.height]).toEqual([2, 4]);
      expect(data.includes('PhoneCo')).toBe(false);
    },
  );

  it('a JPEG through public registration', async () => {
    const body = await multipart(
      {
        name: 'Ravi Kumar',
        email: 'ravi.exif@example.com',
        mobile: '9876543210',
        address: '12 MG Road, Pune',
        password: 'secret123',
      },
      { adhaar_card: { data: await phonePhoto('jpeg'), name: 'aadhaar.jpg' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
    expect(response.statusCode).toBe(200);
    const data = await stored((await userRow(t, response.json().user.id))?.adhaarCard);
    expect((await sharp(data).metadata()).exif).toBeUndefined();
  });

  it('leaves GIFs and PDFs as they came, and refuses an image that does not decode', async () => {
    const me = await createSignedInUser(t);
    const saved = await sendForm(
      t,
      'PUT',
      '/api/users/profile/me',
      me.headers,
      {},
      {
        profile_pic: { data: samples.gif, name: 'me.gif' },
        bank_check: { data: samples.pdf, name: 'cheque.pdf' },
      },
    );
    expect(saved.statusCode).toBe(200);
    const row = await userRow(t, me.user.id);
    expect((await stored(row?.profilePic)).equals(Buffer.from(samples.gif))).toBe(true);
    expect((await stored(row?.bankCheck)).equals(Buffer.from(samples.pdf))).toBe(true);
    const broken = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
    ]);
    const refused = await sendForm(
      t,
      'PUT',
      '/api/users/profile/me',
      me.headers,
      {},
      {
        pan_card: { data: broken, name: 'pan.jpg' },
      },
    );
    expect(refused.statusCode).toBe(415);
  });
});
