/**
 * The messages visitors sent to the practitioner from their public profile (issue 16), bound to the
 * caller's practice: the dashboard's list, newest first, with the unread count. Marking one read
 * goes through the machine (contact-message.commands.ts).
 */
import type { DatabaseTransaction } from '../db/client.ts';
import type { PracticeScope } from './practice-scope.ts';

/** The most the list shows; the counts cover every message. */
export const CONTACT_MESSAGE_LIST_LIMIT = 100;

export interface ReceivedContactMessage {
  readonly id: string;
  readonly senderName: string;
  readonly senderEmail: string;
  /** Empty when the sender gave none. */
  readonly senderPhone: string;
  readonly message: string;
  /** ISO instants. */
  readonly sentAt: string;
  readonly readAt: string | null;
}

export interface ReceivedContactMessages {
  readonly messages: readonly ReceivedContactMessage[];
  readonly total: number;
  readonly unread: number;
  /** The practice's zone, for showing when each message was sent. */
  readonly timeZone: string;
}

export function contactMessagesRepository(db: DatabaseTransaction, scope: PracticeScope) {
  return {
    /** The practice's messages, newest first (at most CONTACT_MESSAGE_LIST_LIMIT), and how many there are and are unread. */
    async listReceived(): Promise<ReceivedContactMessages> {
      const [rows, counts] = await Promise.all([
        db.contactMessage.findMany({
          where: { practiceId: scope.practiceId },
          orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
          take: CONTACT_MESSAGE_LIST_LIMIT,
          select: { id: true, senderName: true, senderEmail: true, senderPhone: true, message: true, createdAt: true, readAt: true },
        }),
        db.$queryRaw<{ total: number; unread: number }[]>`
          SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
          FROM contact_message WHERE practice_id = ${scope.practiceId}`,
      ]);
      return {
        messages: rows.map(({ createdAt, readAt, ...row }) => ({ ...row, sentAt: createdAt.toISOString(), readAt: readAt?.toISOString() ?? null })),
        total: counts[0]?.total ?? 0,
        unread: counts[0]?.unread ?? 0,
        timeZone: scope.timeZone,
      };
    },
  };
}
