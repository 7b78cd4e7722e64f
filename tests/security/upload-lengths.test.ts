/**
 * An upload never takes more than the length it names, and a refusal for going past it changes
 * nothing (docs/api.md, "Recordings"): the answer names the upload's own length.
 */
import { describe, expect, it } from 'vitest';
import { expectApiError, guestHeaders, newGuestId, useTestApp } from '#server/test-support/api.js';
import { beginUpload, patchUpload, silentWav, TUS } from '#server/test-support/uploads.js';

describe('an upload past the length it names', () => {
  const testApp = useTestApp('sqlite');

  it('is refused at its creation, naming its length, with nothing made', async () => {
    const { app } = testApp();
    const guest = guestHeaders(newGuestId());
    const created = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...TUS,
        ...guest,
        'upload-length': '44',
        'content-type': 'application/offset+octet-stream',
      },
      payload: silentWav(100),
    });
    const refused = expectApiError(created, 413, 'payload_too_large');
    expect(refused.message).toContain('its length is 44 bytes');
    expect(created.headers.location).toBeUndefined();
  });

  it('is refused in a PATCH that names a deferred length, and the length is not kept', async () => {
    const { app } = testApp();
    const guest = guestHeaders(newGuestId());
    const created = await beginUpload(app, guest, null);
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const wav = silentWav(44);
    const past = await patchUpload(app, guest, location, 0, wav, '127.0.0.1', {
      'upload-length': '10',
    });
    expect(expectApiError(past, 413, 'payload_too_large').message).toContain(
      'its length is 10 bytes',
    );
    const head = await app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...guest } });
    expect(head.headers['upload-length']).toBeUndefined();
    expect(head.headers['upload-defer-length']).toBe('1');
    // The whole recording still goes in, with its real length.
    const whole = await patchUpload(app, guest, location, 0, wav, '127.0.0.1', {
      'upload-length': String(wav.length),
    });
    expect(whole.statusCode, whole.body).toBe(204);
    expect(whole.headers['upload-offset']).toBe(String(wav.length));
  });
});
