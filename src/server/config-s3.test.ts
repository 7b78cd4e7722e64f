import { describe, expect, it } from 'vitest';
import { ConfigError, testConfig } from './config.js';

/** The S3_* rows of docs/api.md "Configuration" (ADR 128). */
describe('S3 configuration', () => {
  it('keeps recordings off S3 with no S3_* set', () => {
    expect(testConfig().recordings.s3).toBeUndefined();
  });

  it('turns S3 on with S3_BUCKET, path style with a custom endpoint', () => {
    const { s3 } = testConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'recordings',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).recordings;
    expect(s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'recordings',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      timeoutMs: 10_000,
    });
  });

  it('addresses AWS S3 itself by host name, with the SDK credentials, without an endpoint', () => {
    const { s3 } = testConfig({ S3_BUCKET: 'recordings', S3_REGION: 'eu-west-1' }).recordings;
    expect(s3).toMatchObject({ endpoint: undefined, region: 'eu-west-1', forcePathStyle: false });
    expect(s3?.accessKeyId).toBeUndefined();
    expect(
      testConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://m:9000', S3_FORCE_PATH_STYLE: 'false' })
        .recordings.s3?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses to start with S3_* but no bucket, or half a key pair', () => {
    expect(() => testConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: is required when S3_ENDPOINT is set/,
    );
    expect(() => testConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    expect(() => testConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
