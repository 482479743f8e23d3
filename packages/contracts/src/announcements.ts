// The shapes of announcements shared by the server and the web app: what staff send (to everyone,
// a client group or a pair's holders, by mail too if asked), what readers get, and the sent list.
import { z } from 'zod/mini';
import { ZOneOf } from './enums';
import { ZPairSymbol } from './market';
import { ZSafeText } from './text';

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2000;

/** Who an announcement reaches: every client, a client group's members, or the holders of a pair. */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'group', 'pair'] as const;
export const ZAnnouncementAudience = ZOneOf(ANNOUNCEMENT_AUDIENCES);
export type TAnnouncementAudience = z.infer<typeof ZAnnouncementAudience>;

/** The audiences that name their target, and what is said when it is missing or given to another audience. */
const AUDIENCE_TARGETS = [
  {
    audience: 'group',
    field: 'groupId',
    missing: 'Choose a group',
    misplaced: 'A group is only for the group audience',
  },
  {
    audience: 'pair',
    field: 'symbol',
    missing: 'Choose a pair',
    misplaced: 'A pair is only for the pair audience',
  },
] as const;

export const ZAnnouncementRequest = z
  .object({
    title: ZSafeText('Title', { min: 1, max: ANNOUNCEMENT_TITLE_MAX }),
    body: ZSafeText('Text', { min: 1, max: ANNOUNCEMENT_BODY_MAX, isMultiline: true }),
    audience: ZAnnouncementAudience,
    groupId: z.optional(z.uuid('Not a group id')),
    symbol: z.optional(ZPairSymbol),
    email: z._default(z.boolean({ error: 'Must be true or false' }), false),
  })
  .check(
    z.superRefine((value, context) => {
      for (const { audience, field, missing, misplaced } of AUDIENCE_TARGETS) {
        const isForAudience = value.audience === audience;
        if (isForAudience !== Boolean(value[field]))
          context.addIssue({ code: 'custom', path: [field], message: isForAudience ? missing : misplaced });
      }
    }),
    // The same rule in the document's words: a group with the group audience alone, a pair with the pair audience alone.
    z.meta({
      anyOf: [
        {
          properties: { audience: { const: 'all' } },
          not: { anyOf: [{ required: ['groupId'] }, { required: ['symbol'] }] },
        },
        {
          properties: { audience: { const: 'group' } },
          required: ['groupId'],
          not: { required: ['symbol'] },
        },
        { properties: { audience: { const: 'pair' } }, required: ['symbol'], not: { required: ['groupId'] } },
      ],
    }),
  );
export type TAnnouncementRequest = z.input<typeof ZAnnouncementRequest>;

/** An announcement as its reader gets it. */
export const ZAnnouncement = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

/** A sent announcement as the back-office lists it: whom it reached, and how many read it. */
export const ZSentAnnouncement = z.extend(ZAnnouncement, {
  audience: ZAnnouncementAudience,
  groupId: z.nullable(z.string()),
  groupName: z.nullable(z.string()),
  symbol: z.nullable(z.string()),
  email: z.boolean(),
  recipients: z.number().check(z.int()),
  read: z.number().check(z.int()),
  emailed: z.number().check(z.int()),
  sentBy: z.nullable(z.string()),
});
export type TSentAnnouncement = z.infer<typeof ZSentAnnouncement>;
