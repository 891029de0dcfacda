import {
  fileIdParamsSchema,
  fileLinkSchema,
  storedFileSchema,
  successEnvelope,
  uploadFileQuerySchema,
  z,
} from '@placely/contract';
import { fileBytesResponse, rawResponses } from '../../http/raw-responses';

export const uploadFileSchema = {
  tags: ['files'],
  summary: 'Uploads a small file in one request (body: the raw bytes, Content-Type application/octet-stream)',
  description:
    'Files over 256 KB use tus resumable uploads at /api/uploads (Upload-Metadata: filename, purpose). The type is checked from the content.',
  querystring: uploadFileQuerySchema,
  response: { 200: successEnvelope(storedFileSchema) },
};

export const getFileSchema = {
  tags: ['files'],
  summary: 'One of your files',
  params: fileIdParamsSchema,
  response: { 200: successEnvelope(storedFileSchema) },
};

export const fileLinkRouteSchema = {
  tags: ['files'],
  summary: 'A short-lived signed download link for a file you may read',
  params: fileIdParamsSchema,
  response: { 200: successEnvelope(fileLinkSchema) },
};

export const downloadSchema = {
  tags: ['files'],
  summary: 'Downloads a file through a signed link',
  querystring: z.strictObject({ token: z.string().min(1).max(2000) }),
  response: rawResponses({
    200: fileBytesResponse('The file (Range requests answer 206 with the part asked for)'),
    206: fileBytesResponse('The part of the file a Range header asked for'),
  }),
};

export const publicFileSchema = {
  tags: ['files'],
  summary: 'A public file (an organization logo), readable by anyone; other files are 404 here',
  params: fileIdParamsSchema,
  response: rawResponses({
    200: fileBytesResponse('The logo’s image'),
    206: fileBytesResponse('The part a Range header asked for'),
  }),
};
