/**
 * Checks an incoming request's AWS Signature Version 4 the way AWS does: the
 * signature is recomputed with the known secret over the headers the client
 * says it signed, the exact body bytes and the raw path, then compared. The
 * failures carry the error types and messages AWS answers with.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigV4Failure {
  status: number;
  /** The x-amzn-ErrorType AWS answers with. */
  type: string;
  message: string;
}

export type SigV4Result = { ok: true; accessKeyId: string } | ({ ok: false } & SigV4Failure);

export interface SignedRequest {
  method: string;
  /** The path and query exactly as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface VerifyOptions {
  credentials: readonly AwsCredentials[];
  region: string;
  service: string;
  /** The server's notion of now. */
  now: Date;
}

/** AWS accepts a signature made up to five minutes before or after its own time. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([^/\s,]+)\/([^/\s,]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const deny = (type: string, message: string, status = 403): SigV4Result => ({ ok: false, status, type, message });

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** 20240102T030405Z -> Date */
export function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function decodedQuery(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const part of raw.split('&').filter(Boolean)) {
    const [k = '', v = ''] = part.split('=');
    const key = decodeURIComponent(k);
    const value = decodeURIComponent(v);
    const prev = query[key];
    query[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  return query;
}

export async function verifySigV4(request: SignedRequest, options: VerifyOptions): Promise<SigV4Result> {
  const authorization = headerValue(request.headers, 'authorization');
  if (!authorization) return deny('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const match = AUTH.exec(authorization);
  if (!match)
    return deny(
      'IncompleteSignatureException',
      `Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters. Authorization=${authorization}`,
    );
  const [, accessKeyId = '', scopeDate, region, service, signedList = '', signature = ''] = match;

  const credentials = options.credentials.find((c) => c.accessKeyId === accessKeyId);
  if (!credentials) return deny('UnrecognizedClientException', 'The security token included in the request is invalid.');
  const token = headerValue(request.headers, 'x-amz-security-token');
  if ((credentials.sessionToken ?? undefined) !== token)
    return deny('UnrecognizedClientException', 'The security token included in the request is invalid.');
  if (region !== options.region) return deny('InvalidSignatureException', `Credential should be scoped to a valid region. `);
  if (service !== options.service)
    return deny('InvalidSignatureException', `Credential should be scoped to correct service: '${options.service}'. `);

  const dateHeader = headerValue(request.headers, 'x-amz-date') ?? '';
  const signedAt = parseAmzDate(dateHeader);
  if (!signedAt || dateHeader.slice(0, 8) !== scopeDate)
    return deny('InvalidSignatureException', 'Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP.');
  const now = options.now.getTime();
  if (signedAt.getTime() < now - SIGNATURE_WINDOW_MS) {
    return deny(
      'InvalidSignatureException',
      `Signature expired: ${dateHeader} is now earlier than ${amzDate(new Date(now - SIGNATURE_WINDOW_MS))} (${amzDate(options.now)} - 5 min.)`,
    );
  }
  if (signedAt.getTime() > now + SIGNATURE_WINDOW_MS) {
    return deny(
      'InvalidSignatureException',
      `Signature not yet current: ${dateHeader} is still later than ${amzDate(new Date(now + SIGNATURE_WINDOW_MS))} (${amzDate(options.now)} + 5 min.)`,
    );
  }

  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (payloadHash !== undefined && payloadHash !== createHash('sha256').update(request.body).digest('hex')) {
    return deny('XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", 400);
  }

  const signedNames = signedList.split(';');
  const headers: Record<string, string> = {};
  for (const name of signedNames) {
    const value = headerValue(request.headers, name);
    if (value === undefined) return deny('InvalidSignatureException', `Signed header ${name} is missing from the request.`);
    headers[name] = value;
  }
  const [path = '/', query = ''] = request.url.split('?');
  // Recomputed from what arrived, with the client's own list of signed headers.
  const signer = new SignatureV4({ credentials, region, service, sha256: Sha256, applyChecksum: false });
  const expected = await signer.sign(
    { method: request.method, protocol: 'http:', hostname: 'localhost', path, query: decodedQuery(query), headers, body: request.body },
    { signingDate: signedAt, signableHeaders: new Set(signedNames) },
  );
  const recomputed = AUTH.exec(String(expected.headers.authorization ?? ''));
  const same =
    recomputed?.[5] === signedList && recomputed[6] !== undefined && timingSafeEqual(Buffer.from(recomputed[6]), Buffer.from(signature));
  if (!same) {
    return deny(
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
  }
  return { ok: true, accessKeyId };
}
