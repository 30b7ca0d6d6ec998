import { parseLocalSettings, type TLocalSettings } from './settings-options';

/** One set of settings per person on a shared office PC. */
export const settingsStorageKey = (userId: number | null) => `lending.settings.${userId ?? 'anonymous'}`;

export const loadLocalSettings = (userId: number | null): TLocalSettings => {
  try {
    return parseLocalSettings(window.localStorage.getItem(settingsStorageKey(userId)));
  } catch {
    // Storage blocked (private mode, policy): the defaults still let the page work.
    return parseLocalSettings(null);
  }
};

/** Throws when the browser refuses to store (quota, policy); the page then says so. */
export const saveLocalSettings = (userId: number | null, settings: TLocalSettings): void => {
  window.localStorage.setItem(settingsStorageKey(userId), JSON.stringify(settings));
};
