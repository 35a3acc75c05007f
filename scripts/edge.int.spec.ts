// The edge in front of the services: a service that is down (restarting, crashed) is answered as a
// database outage is, 503 with Retry-After, so clients send the command again with its key.
import { expect, it } from 'vitest';
import { closeServer, listen } from '@murmur/platform';
import { createEdge } from './edge.ts';
import { freePort } from '../test-support/free-port.ts';

it('answers 503 UNAVAILABLE with Retry-After when the command API is down', async () => {
  const down = await freePort();
  const edge = createEdge({ commandPort: down, queryPort: down, gatewayPort: down, frontend: (_req, res) => res.end('app') });
  const port = await listen(edge, 0);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/gifting/send-gift`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect((await res.json()).error).toEqual({ code: 'UNAVAILABLE', message: 'The service is starting or unavailable. Please try again.' });
  } finally {
    await closeServer(edge);
  }
});
