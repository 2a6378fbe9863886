import { describe, expect, it } from 'vitest';
import { CONSOLE_BODY_LIMIT_BYTES } from './body-limit';
import { guardRestRequest } from './request-guard';

const OWN = 'http://localhost:3000';
const options = { allowedOrigin: OWN, maxBodyBytes: CONSOLE_BODY_LIMIT_BYTES };

function request(method: string, init: { origin?: string; body?: string } = {}) {
  return new Request(`${OWN}/agent/memories/mem_x`, { method, headers: init.origin ? { origin: init.origin } : {}, body: init.body });
}

async function errorOf(response: Response | null) {
  expect(response).not.toBeNull();
  return { status: response!.status, body: (await response!.json()) as { error: { code: string; message: string } } };
}

describe('guardRestRequest', () => {
  it('refuses a DELETE from a foreign Origin with 403 in the REST error shape', async () => {
    const { status, body } = await errorOf(await guardRestRequest(request('DELETE', { origin: 'https://evil.example' }), options));
    expect(status).toBe(403);
    expect(body.error.code).toBe('FORBIDDEN');
  });

  it('lets a DELETE from the console or without Origin through to its credentials check', async () => {
    expect(await guardRestRequest(request('DELETE', { origin: OWN }), options)).toBeNull();
    expect(await guardRestRequest(request('DELETE'), options)).toBeNull();
  });

  it('lets a GET through whatever its Origin', async () => {
    expect(await guardRestRequest(request('GET', { origin: 'https://evil.example' }), options)).toBeNull();
  });

  it('refuses a body over the limit with 413 naming it, and lets one at the limit through', async () => {
    const { status, body } = await errorOf(await guardRestRequest(request('DELETE', { body: 'x'.repeat(CONSOLE_BODY_LIMIT_BYTES + 1) }), options));
    expect(status).toBe(413);
    expect(body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('64 kB (65,536 bytes)') });
    expect(await guardRestRequest(request('DELETE', { body: 'x'.repeat(CONSOLE_BODY_LIMIT_BYTES) }), options)).toBeNull();
  });

  it('takes the limit per route', async () => {
    const bigger = { ...options, maxBodyBytes: 1024 * 1024 };
    expect(await guardRestRequest(request('DELETE', { body: 'x'.repeat(200_000) }), bigger)).toBeNull();
  });
});
