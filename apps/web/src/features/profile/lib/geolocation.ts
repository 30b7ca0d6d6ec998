/** Messages of the get-my-location action. */
export const geolocationMessages = {
  getting: 'Getting your location...',
  updated: 'Location updated successfully!',
  failed: 'Failed to get location. Please enter manually.',
  unsupported: 'Geolocation is not supported by this browser.',
} as const;

export type TPosition = { latitude: number; longitude: number; accuracy: number };

/** Whether this browser can tell where it is. */
export const geolocationSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'geolocation' in navigator && navigator.geolocation !== undefined;

/** The browser's current position (asks the person for permission). */
export const currentPosition = () =>
  new Promise<TPosition>((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      reject,
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
