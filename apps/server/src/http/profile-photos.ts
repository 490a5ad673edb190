/**
 * Profile photos over HTTP (issue 14). Binary bodies do not fit tRPC's JSON (and its 100 KB limit),
 * so the photo has two plain routes:
 * - `POST /api/profile-photo`: a signed-in practitioner's image as the raw body (at most 5 MB). The
 *   bytes decide what it is, not the name or the declared type: sharp reads them, refuses anything
 *   but JPEG, PNG or WebP (and images over 40 megapixels, before decoding them), turns it upright,
 *   crops it to a centred square of 512 px and re-encodes it as WebP without its metadata (no EXIF
 *   location leaves the server). Stored in PostgreSQL (`profile_photo`), so every server serves it.
 *   Answers 201 `{ photoUrl }`, or 400/401/403/413/415 `{ error: { code, message } }`.
 * - `GET /api/photos/{id}.webp`: public (a published profile shows it to anyone). A photo's bytes
 *   never change under its id, so it is cached for a year as immutable, with its SHA-256 as ETag.
 */
import { createHash, randomUUID } from 'node:crypto';
import express, { type RequestHandler, type Router } from 'express';
import sharp from 'sharp';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_MAX_PIXELS, PROFILE_PHOTO_SIZE_PX, profilePhotoMessages, profilePhotoUrl, type StoredPhotoInfo } from '@wellspring/domain';
import { readSessionToken, validateSessionToken } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import { DomainRejection, executeCommand } from '../commands/run-command.ts';
import type { Database } from '../db/client.ts';
import { auditPracticeCall, practiceCallAuditRule, PROFILE_PHOTO_UPLOAD } from '../practice/practice-call-audit.ts';
import { NO_PRACTICE_MESSAGE, practiceOfUser, type PracticeScope } from '../practice/practice-scope.ts';
import { inPractice } from '../practice/practice-transaction.ts';
import { profilePhotoCommands } from '../practice/profile.commands.ts';
import { findProfilePhoto, type StoredPhoto } from '../practice/profile.repository.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

class PhotoRejected extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** Reads, checks and re-encodes an uploaded image; throws PhotoRejected with the message to show. */
async function reencodeProfilePhoto(input: Buffer): Promise<StoredPhoto> {
  if (input.length === 0) throw new PhotoRejected(400, profilePhotoMessages.empty);
  if (input.length > PROFILE_PHOTO_MAX_BYTES) throw new PhotoRejected(413, profilePhotoMessages.tooLarge);
  let format: string | undefined;
  let pixels: number;
  try {
    const metadata = await sharp(input).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * Math.max(1, metadata.pages ?? 1);
  } catch {
    throw new PhotoRejected(415, profilePhotoMessages.unreadable);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new PhotoRejected(415, profilePhotoMessages.type);
  if (pixels > PROFILE_PHOTO_MAX_PIXELS) throw new PhotoRejected(413, profilePhotoMessages.tooManyPixels);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: PROFILE_PHOTO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_PHOTO_SIZE_PX, PROFILE_PHOTO_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, sha256: createHash('sha256').update(data).digest('hex'), width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt data behind a valid header.
    throw new PhotoRejected(415, profilePhotoMessages.unreadable);
  }
}

const errorBody = (code: string, message: string) => ({ error: { code, message } });
const statusCode: Record<number, string> = { 400: 'BAD_REQUEST', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };

/** POST /api/profile-photo (mounted after the origin check, before the JSON body limit). */
export function profilePhotoUpload(deps: { db: Database; config: ServerConfig; now: () => Date }): Router {
  const route = express.Router();
  const readBody = express.raw({ type: () => true, limit: PROFILE_PHOTO_MAX_BYTES });
  const tooLarge: express.ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, next) => {
    if (error.type === 'entity.too.large' || error.status === 413) {
      res.status(413).json(errorBody('PAYLOAD_TOO_LARGE', profilePhotoMessages.tooLarge));
      return;
    }
    next(error);
  };
  route.post('/', (async (req, res, next) => {
    try {
      const token = readSessionToken(req);
      const now = deps.now();
      const session = token ? await validateSessionToken(deps.db, token, { now, idleTimeoutMs: deps.config.sessions.idleTimeoutMs }) : null;
      if (!session) {
        res.status(401).json(errorBody('UNAUTHORIZED', 'Please sign in to continue.'));
        return;
      }
      if (session.user.role !== 'practitioner') {
        res.status(403).json(errorBody('FORBIDDEN', 'This is only available to practitioners.'));
        return;
      }
      if (Number(req.headers['content-length']) > PROFILE_PHOTO_MAX_BYTES) {
        res.status(413).json(errorBody('PAYLOAD_TOO_LARGE', profilePhotoMessages.tooLarge));
        return;
      }
      readBody(req, res, async (error?: unknown) => {
        if (error) {
          next(error);
          return;
        }
        try {
          const body: unknown = req.body;
          const photo = await reencodeProfilePhoto(Buffer.isBuffer(body) ? body : Buffer.alloc(0));
          const practice = session.practice ?? (await practiceOfUser(deps.db, session.user.id));
          if (!practice) {
            res.status(403).json(errorBody('FORBIDDEN', NO_PRACTICE_MESSAGE));
            return;
          }
          const scope: PracticeScope = {
            practiceId: practice.id,
            timeZone: practice.timeZone,
            actor: { userId: session.user.id, name: session.user.name },
            requestId: String(res.getHeader('x-request-id') ?? ''),
            sourceAddress: req.ip ?? req.socket.remoteAddress ?? null,
            now,
          };
          // A practice call like a procedure's: one transaction bound to the practice, the AddPhoto
          // command of the practice's profile run inside it, one audit entry.
          const id = await inPractice(deps.db, { practiceId: practice.id }, async (tx) => {
            const photoId = randomUUID();
            const context = { actor: { userId: session.user.id }, requestId: scope.requestId === '' ? null : scope.requestId, now };
            const added = await executeCommand(tx, context, profilePhotoCommands(scope, photo), practice.id, { kind: 'AddPhoto', photoId });
            if (!added.ok) throw new DomainRejection(added.error);
            await auditPracticeCall(tx, scope, practiceCallAuditRule(PROFILE_PHOTO_UPLOAD), { input: null, patientIdBefore: null }, { id: photoId });
            return photoId;
          });
          const answer: StoredPhotoInfo = { photoUrl: profilePhotoUrl(id), width: photo.width, height: photo.height };
          res.status(201).set('Cache-Control', 'no-store').json(answer);
        } catch (thrown) {
          if (thrown instanceof PhotoRejected) {
            res.status(thrown.status).json(errorBody(statusCode[thrown.status] ?? 'BAD_REQUEST', thrown.message));
            return;
          }
          next(thrown);
        }
      });
    } catch (error) {
      next(error);
    }
  }) as RequestHandler);
  route.use(tooLarge);
  return route;
}

const PHOTO_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/** GET /api/photos/{id}.webp */
export function profilePhotoFiles(deps: { db: Database }): Router {
  const route = express.Router();
  route.get('/:file', (async (req, res, next) => {
    try {
      const id = PHOTO_FILE.exec(String(req.params.file))?.[1];
      const photo = id ? await findProfilePhoto(deps.db, id) : null;
      if (!photo) {
        res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found\n');
        return;
      }
      const etag = `"${photo.sha256}"`;
      res.set({ 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag, 'Content-Type': 'image/webp' });
      if (req.headers['if-none-match'] === etag) {
        res.status(304).end();
        return;
      }
      res.status(200).send(Buffer.from(photo.bytes));
    } catch (error) {
      next(error);
    }
  }) as RequestHandler);
  return route;
}
