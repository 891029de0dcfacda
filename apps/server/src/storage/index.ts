import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { Config } from '../config';

/**
 * Where uploaded bytes live. Keys are server-made UUIDs (a file's id), never user input, so they are safe as
 * paths and object names. Resumable uploads write through the same backend (the tus upload id is the key).
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<Readable>;
  /** Bytes `start`..`end` inclusive (a range request; the caller checked them against the file's size). */
  readRange(key: string, start: number, end: number): Promise<Readable>;
  /**
   * Runs `use` with a path on local disk holding the object (the file itself on local storage; on S3 a temporary
   * copy, streamed so memory stays flat, removed afterwards): for tools that read files, like ffprobe.
   */
  withLocalPath<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  /** The first `bytes` bytes (fewer if the object is shorter): enough to recognise the content type. */
  readHead(key: string, bytes: number): Promise<Buffer>;
  remove(key: string): Promise<void>;
  tusDatastore(): DataStore;
}

/** The object a `files` row names is not in storage: an integrity fault, never the caller's mistake. */
export class MissingObjectError extends Error {
  constructor(readonly key: string) {
    super('stored object is missing');
  }
}

const isMissing = (error: unknown) => {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return code === 'ENOENT' || name === 'NoSuchKey' || name === 'NotFound';
};

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

export function createLocalStorage(root: string): ObjectStorage {
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'local',
    async put(key, body) {
      await mkdir(root, { recursive: true });
      await writeFile(file(key), body, { mode: 0o600 });
    },
    async read(key) {
      const stream = createReadStream(file(key));
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error) => reject(isMissing(error) ? new MissingObjectError(key) : error));
      });
      return stream;
    },
    async readRange(key, start, end) {
      const stream = createReadStream(file(key), { start, end });
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error) => reject(isMissing(error) ? new MissingObjectError(key) : error));
      });
      return stream;
    },
    async withLocalPath(key, use) {
      return use(file(key));
    },
    async readHead(key, bytes) {
      const handle = await open(file(key), 'r').catch((error) => {
        throw isMissing(error) ? new MissingObjectError(key) : error;
      });
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async remove(key) {
      await rm(file(key), { force: true });
      await rm(`${file(key)}.json`, { force: true });
    },
    tusDatastore: () => new FileStore({ directory: root }),
  };
}

export function createS3Storage(settings: NonNullable<Config['s3']>): ObjectStorage {
  const clientConfig = {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
  const client = new S3Client(clientConfig);
  const Bucket = settings.bucket;
  const getObject = async (key: string, range?: string) => {
    const result = await client
      .send(new GetObjectCommand({ Bucket, Key: checkKey(key), ...(range ? { Range: range } : {}) }))
      .catch((error) => {
        throw isMissing(error) ? new MissingObjectError(key) : error;
      });
    if (!result.Body) throw new Error(`empty object body for ${key}`);
    return result.Body as Readable;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType }));
    },
    read: (key) => getObject(key),
    readRange: (key, start, end) => getObject(key, `bytes=${start}-${end}`),
    async withLocalPath(key, use) {
      const directory = await mkdtemp(path.join(tmpdir(), 'placely-object-'));
      const copy = path.join(directory, checkKey(key));
      try {
        await pipeline(await getObject(key), createWriteStream(copy, { mode: 0o600 }));
        return await use(copy);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    async readHead(key, bytes) {
      const chunks: Buffer[] = [];
      for await (const chunk of await getObject(key, `bytes=0-${bytes - 1}`)) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).subarray(0, bytes);
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: `${checkKey(key)}.info` }));
    },
    tusDatastore: () => new S3Store({ s3ClientConfig: { bucket: Bucket, ...clientConfig } }),
  };
}

export function createStorage(config: Config): ObjectStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}
