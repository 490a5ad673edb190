/**
 * The community's files, for a signed-in practitioner (the session cookie, as the API's): an event's
 * calendar file, and a resource's file. Both only read: a press of Download is counted by the
 * `community.countDownload` mutation, never by a GET. Unknown ids are 404; a visitor is 401.
 */
import { communityErrors } from '@wellspring/domain';
import express, { type Request, type Response } from 'express';
import { readSessionToken, validateSessionToken } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { eventCalendarFile, eventCalendarFileName } from './event-calendar.ts';
import { eventById } from './events.repository.ts';
import { resourceFile } from './resources.repository.ts';

interface FilesDependencies {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly now: () => Date;
}

const refuse = (res: Response, status: 401 | 403 | 404, code: string, message: string) => res.status(status).json({ error: { code, message } });

/** `Content-Disposition: attachment` with an ASCII name and its UTF-8 form (RFC 6266). */
const attachmentDisposition = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export function communityFiles({ db, config, now }: FilesDependencies): express.Router {
  const files = express.Router();

  async function signedInPractitioner(req: Request, res: Response): Promise<{ id: string } | null> {
    const token = readSessionToken(req);
    const session = token ? await validateSessionToken(db, token, { now: now(), idleTimeoutMs: config.sessions.idleTimeoutMs }) : null;
    if (!session) {
      refuse(res, 401, 'UNAUTHORIZED', 'Please sign in to continue.');
      return null;
    }
    if (session.user.role !== 'practitioner') {
      refuse(res, 403, 'FORBIDDEN', 'This is only available to practitioners.');
      return null;
    }
    return { id: session.user.id };
  }

  files.get('/community/events/:id/calendar.ics', async (req, res, next) => {
    try {
      if (!(await signedInPractitioner(req, res))) return;
      const event = await eventById(db, String(req.params.id), null);
      if (!event) {
        refuse(res, 404, 'NOT_FOUND', communityErrors.eventNotFound);
        return;
      }
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', attachmentDisposition(eventCalendarFileName(event)));
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(eventCalendarFile(event, { publicUrl: config.relay.publicUrl, now: now() }));
    } catch (error) {
      next(error);
    }
  });

  files.get('/community/resources/:id/download', async (req, res, next) => {
    try {
      if (!(await signedInPractitioner(req, res))) return;
      const file = await resourceFile(db, String(req.params.id));
      if (!file) {
        refuse(res, 404, 'NOT_FOUND', communityErrors.resourceNotFound);
        return;
      }
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Disposition', attachmentDisposition(file.fileName));
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(Buffer.from(file.content));
    } catch (error) {
      next(error);
    }
  });

  return files;
}
