import {
  devMailMessageSchema,
  NOTIFICATIONS_PAGE_LIMIT,
  notificationPageSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationSchema,
  successEnvelope,
  unreadCountSchema,
  z,
} from '@placely/contract';
import { eventStreamResponse, htmlResponse, rawResponses } from '../../http/raw-responses';

const tags = ['notifications'];

export const listNotificationsSchema = {
  tags,
  summary: 'Your in-app notifications, newest first (keyset paging), with the unread count',
  querystring: z.strictObject({
    cursor: z.string().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_LIMIT),
  }),
  response: { 200: successEnvelope(notificationPageSchema) },
};

export const unreadCountRouteSchema = {
  tags,
  summary: 'How many of your notifications are unread',
  response: { 200: successEnvelope(unreadCountSchema) },
};

export const markReadSchema = {
  tags,
  summary: 'Marks one of your notifications read',
  body: z.strictObject({ id: z.uuid() }),
  response: { 200: successEnvelope(notificationSchema) },
};

export const markAllReadSchema = {
  tags,
  summary: 'Marks all your notifications read',
  response: { 200: successEnvelope(unreadCountSchema) },
};

export const streamSchema = {
  tags,
  summary:
    'Server-Sent Events: `unread` events with {unread} whenever the count changes. EventSource cannot send headers, so the access token goes in the query string (never logged).',
  querystring: z.strictObject({ token: z.string().min(1).max(4096) }),
  response: rawResponses({ 200: eventStreamResponse('`unread` events, each with data {"unread": n}') }),
};

export const getPreferencesSchema = {
  tags,
  summary: 'Your notification choices per kind and channel (defaults for kinds you never changed)',
  response: { 200: successEnvelope(notificationPreferencesSchema) },
};

export const putPreferencesSchema = {
  tags,
  summary: 'Changes your notification choices for the kinds given',
  body: notificationPreferencesInputSchema,
  response: { 200: successEnvelope(notificationPreferencesSchema) },
};

export const unsubscribeSchema = {
  tags,
  summary:
    'One-click unsubscribe from one kind of mail (RFC 8058). Works signed out; the signed token names the person and kind. GET shows a confirmation page, POST unsubscribes.',
  querystring: z.strictObject({ token: z.string().min(1).max(2048) }),
  response: rawResponses({ 200: htmlResponse('A page confirming the choice (GET) or that it was made (POST)') }),
};

export const latestDevMailSchema = {
  tags: ['development'],
  summary: 'Development only: the latest notification mail sent to you (absent in production)',
  response: { 200: successEnvelope(devMailMessageSchema) },
};
