/** Hand-built multipart/form-data bodies, so tests control every byte a client could send. */
export const BOUNDARY = '----voice-ideas-test-boundary';

export const MULTIPART_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

export interface MultipartPart {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

export function multipartBody(parts: MultipartPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The upload the web app sends: one file field `audio` named recording.webm. */
export function recording(content: Buffer, type = 'audio/webm'): Buffer {
  return multipartBody([{ name: 'audio', filename: 'recording.webm', type, content }]);
}
