// The runtime client's REST endpoints and the tRPC endpoint, over real HTTP with a real session.
import { expect, test } from './support/test';
import { storageStatePath } from './personas';

interface AgentMemory {
  id: string;
  key: string;
  text: string;
  scope: string;
  origin: { author: string };
  overrides: { scope: string; text: string; author: string }[];
}

test.describe('signed out', () => {
  test('GET /agent/memories answers 401 with a JSON body', async ({ request }) => {
    const response = await request.get('/agent/memories');
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});

test.describe('alice over REST', () => {
  test.use({ storageState: storageStatePath('alice') });

  test('lists her memories with the values they override, and refuses shared or unknown ids', async ({ request }) => {
    const response = await request.get('/agent/memories');
    expect(response.status()).toBe(200);
    const memories = (await response.json()) as AgentMemory[];
    const fiscal = memories.find((memory) => memory.key === 'fiscal-year');
    expect(fiscal).toMatchObject({ scope: 'actor:u1', text: 'They report on the calendar year.', origin: { author: 'agent' } });
    expect(fiscal?.overrides).toEqual([{ scope: 'global', text: 'The fiscal year starts in October.', author: 'human' }]);

    const units = memories.find((memory) => memory.key === 'units')!;
    expect((await request.delete(`/agent/memories/${units.id}`)).status()).toBe(403);
    expect((await request.delete('/agent/memories/mem_01J00000000000000000000000')).status()).toBe(404);
    expect((await request.delete('/agent/memories/not-an-id')).status()).toBe(404);
    const after = (await (await request.get('/agent/memories')).json()) as AgentMemory[];
    expect(after.some((memory) => memory.id === units.id)).toBe(true);
  });

  test('malformed JSON to the tRPC endpoint answers 400, not 500', async ({ request }) => {
    const response = await request.post('/api/trpc/memories.forget', {
      headers: { 'content-type': 'application/json' },
      data: '{not json',
    });
    expect(response.status()).toBe(400);
  });
});
