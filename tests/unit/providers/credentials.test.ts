import { beforeEach, describe, expect, it } from 'vitest';
import { deleteDB } from 'idb';
import { ChatFailure, type ChatError } from '../../../lib/core/errors';
import type { ProviderConfig } from '../../../lib/core/providers';
import { resolveModel, saveProviderWithSecrets } from '../../../lib/providers/service';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { saveProvider } from '../../../lib/storage/provider-records';
import { getSecrets, setSecrets } from '../../../lib/storage/secret-vault';

const openai: ProviderConfig = { id: 'p1', kind: 'openai', name: 'OpenAI', settings: {}, manualModels: [], createdAt: 1 };
const bedrock: ProviderConfig = {
  id: 'b1',
  kind: 'bedrock',
  name: 'Bedrock',
  settings: { region: 'us-east-1' },
  manualModels: [],
  createdAt: 1,
};

async function refusal(p: Promise<unknown>): Promise<ChatError | undefined> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  return e instanceof ChatFailure ? e.error : undefined;
}

describe('pasted credentials', () => {
  beforeEach(async () => {
    await closeDb();
    await deleteDB(DB_NAME);
  });

  it('are saved without the newline, spaces and zero-width characters a paste adds', async () => {
    await saveProviderWithSecrets(openai, { apiKey: '\u200Bsk-abc123\r\n' });
    expect(await getSecrets('p1')).toEqual({ apiKey: 'sk-abc123' });
    await saveProviderWithSecrets(bedrock, { accessKeyId: ' AKIAEXAMPLE\n', secretAccessKey: 'wJalr\uFEFFXUtnFEMI\t' });
    expect(await getSecrets('b1')).toMatchObject({ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI' });
  });

  it('are refused on saving, naming the field, when no HTTP header could carry them', async () => {
    for (const apiKey of ['sk-ключ-123', 'sk-😀', 'sk-a\u0000b', 'sk-a\nb']) {
      expect(await refusal(saveProviderWithSecrets(openai, { apiKey }))).toMatchObject({ code: 'invalid-credential', field: 'apiKey' });
    }
    expect(await refusal(saveProviderWithSecrets(bedrock, { accessKeyId: 'AKIA', secretAccessKey: 'sécrét-ключ' }))).toMatchObject({
      code: 'invalid-credential',
      field: 'secretAccessKey',
    });
    expect(await getSecrets('p1')).toEqual({});
  });

  it('stored before this check are cleaned, or refused, before any request', async () => {
    await saveProvider(openai);
    await setSecrets('p1', { apiKey: 'sk-old-key\n' });
    const { context } = await resolveModel({ providerId: 'p1', model: 'gpt-4o' });
    expect(context.secrets.apiKey).toBe('sk-old-key');

    await setSecrets('p1', { apiKey: 'sk-юникод' });
    expect(await refusal(resolveModel({ providerId: 'p1', model: 'gpt-4o' }))).toMatchObject({
      code: 'invalid-credential',
      field: 'apiKey',
    });
  });
});
