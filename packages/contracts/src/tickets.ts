// The shapes of support tickets shared by the server and the web app: opening a ticket (about one
// of the user's orders or payments, with images), replying, and the ticket as both sides see it.
import { z } from 'zod/mini';
import { ZPageQuery } from './envelope';
import { ZTicketStatus, ZTicketType } from './statuses';
import { ZSafeText } from './text';

export const TICKET_SUBJECT_LENGTH = { min: 3, max: 120 } as const;
export const TICKET_MESSAGE_LENGTH = { min: 1, max: 5000 } as const;
export const TICKET_ATTACHMENTS_MAX = 3;
/** Stored attachments are served under this path; their names are unguessable. */
export const TICKET_ATTACHMENT_URL_PREFIX = '/tickets/attachments/';

/** What a ticket may concern: one of the user's orders, or one of their deposits or withdrawals. */
export const TICKET_LINK_KINDS = ['order', 'transaction'] as const;
export const ZTicketLinkKind = z.enum(TICKET_LINK_KINDS);

const ZMessageText = ZSafeText('Message', {
  ...TICKET_MESSAGE_LENGTH,
  isMultiline: true,
  minMessage: 'Write a message',
  maxMessage: `At most ${TICKET_MESSAGE_LENGTH.max} characters`,
});
const ZAttachmentIds = z._default(
  z
    .array(z.string().check(z.regex(/^[0-9a-f-]{36}-[0-9a-f]{32}\.webp$/, 'Unknown attachment')))
    .check(z.maxLength(TICKET_ATTACHMENTS_MAX, `At most ${TICKET_ATTACHMENTS_MAX} images`)),
  [],
);

export const ZCreateTicketRequest = z
  .object({
    type: ZTicketType,
    subject: ZSafeText('Subject', {
      ...TICKET_SUBJECT_LENGTH,
      minMessage: `At least ${TICKET_SUBJECT_LENGTH.min} characters`,
      maxMessage: `At most ${TICKET_SUBJECT_LENGTH.max} characters`,
    }),
    message: ZMessageText,
    /** One of the user's own orders the ticket is about. */
    orderId: z.optional(z.uuid('Choose one of your orders')),
    /** Or one of the user's own deposits or withdrawals (not both). */
    transactionId: z.optional(z.uuid('Choose one of your deposits or withdrawals')),
    attachments: ZAttachmentIds,
  })
  .check(
    z.refine((ticket) => !(ticket.orderId && ticket.transactionId), {
      path: ['transactionId'],
      message: 'A ticket concerns an order or a payment, not both',
    }),
    // In the document's words: not both an order and a payment.
    z.meta({ not: { required: ['orderId', 'transactionId'] } }),
  );
export type TCreateTicketRequest = z.input<typeof ZCreateTicketRequest>;

export const ZTicketMessageRequest = z.object({ message: ZMessageText, attachments: ZAttachmentIds });
export type TTicketMessageRequest = z.input<typeof ZTicketMessageRequest>;

export const ZTicketLink = z.object({
  kind: ZTicketLinkKind,
  id: z.string(),
  label: z.string(),
  /** A linked deposit's or withdrawal's payment status (`cnf`, `suspicous`…). */
  status: z.optional(z.string()),
});

export const ZTicketSummary = z.object({
  id: z.string(),
  type: ZTicketType,
  subject: z.string(),
  status: ZTicketStatus,
  link: z.nullable(ZTicketLink),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who wrote last: a reply from support shows as such in the list. */
  lastFrom: z.enum(['user', 'staff']),
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;

export const ZTicketMessage = z.object({
  id: z.string(),
  isStaff: z.boolean(),
  author: z.string(),
  body: z.string(),
  attachments: z.array(z.string()),
  createdAt: z.string(),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

export const ZTicket = z.extend(ZTicketSummary, { messages: z.array(ZTicketMessage) });
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketsQuery = z.extend(ZPageQuery, { status: z.optional(ZTicketStatus) });

export const ZAttachmentData = z.object({ id: z.string(), url: z.string() });
