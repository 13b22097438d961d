/**
 * The logged-in client's token (docs/storefront.md §6.2), kept in localStorage
 * so that a reload stays logged in; the api client sends it as a bearer token.
 */
const STORAGE_KEY = 'kassa.client-token';

export function clientToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeClientToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(STORAGE_KEY, token);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the login lasts for this page only
  }
}
