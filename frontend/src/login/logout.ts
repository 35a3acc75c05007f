// Logout: tell the server (best effort), then clear the session and every cache either way.
import { API_BASE } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { clearSession, currentToken } from '../api/session.ts';

export async function logout(): Promise<void> {
  const token = currentToken();
  try {
    await fetch(API_BASE + api.identity.logout.path(), {
      method: 'POST',
      credentials: 'include',
      headers: token ? { authorization: `Bearer ${token}`, 'content-type': 'application/json' } : {},
      body: '{}',
    });
  } catch {
    /* offline: the local logout below still happens */
  }
  clearSession();
}
