/**
 * The messages visitors sent to the practitioner from their public profile (issue 16), bound to the
 * caller's practice: the dashboard's list, newest first, with the unread count. Marking one read
 * goes through the machine (contact-message.commands.ts).
 */
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';

/** The most the list shows; the counts cover every message. */
const CONTACT_MESSAGE_LIST_LIMIT = 100;

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

export function contactMessagesRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    /** The practice's messages, newest first (at most CONTACT_MESSAGE_LIST_LIMIT), and how many there are and are unread. */
    async listReceived(): Promise<ReceivedContactMessages> {
      // One connection runs one statement at a time: the two go one after the other.
      const { rows } = await sql.query<Omit<ReceivedContactMessage, 'sentAt' | 'readAt'> & { createdAt: Date; readAt: Date | null }>(
        `SELECT id, sender_name AS "senderName", sender_email AS "senderEmail", sender_phone AS "senderPhone", message,
                created_at AS "createdAt", read_at AS "readAt"
         FROM contact_message WHERE practice_id = $1
         ORDER BY created_at DESC, id
         LIMIT $2`,
        [scope.practiceId, CONTACT_MESSAGE_LIST_LIMIT],
      );
      const { rows: counts } = await sql.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
         FROM contact_message WHERE practice_id = $1`,
        [scope.practiceId],
      );
      return {
        messages: rows.map(({ createdAt, readAt, ...row }) => ({ ...row, sentAt: createdAt.toISOString(), readAt: readAt?.toISOString() ?? null })),
        total: counts[0]?.total ?? 0,
        unread: counts[0]?.unread ?? 0,
        timeZone: scope.timeZone,
      };
    },
  };
}
