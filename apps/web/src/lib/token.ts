/** Where the bearer token lives in the browser. */
export const TOKEN_STORAGE_KEY = 'token';

export const getToken = (): string | null => window.localStorage.getItem(TOKEN_STORAGE_KEY);

export const setToken = (token: string): void => window.localStorage.setItem(TOKEN_STORAGE_KEY, token);

export const clearToken = (): void => window.localStorage.removeItem(TOKEN_STORAGE_KEY);
