// The back office's Announcements screen: a form to send one to all clients, a client group or
// the holders of a pair, optionally by e-mail too, above the announcements already sent with how
// many they reached, were read by and were e-mailed to.
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type TAnnouncementAudience,
  type TSentAnnouncement,
  ZAnnouncementRequest,
} from '@td/contracts/announcements';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Checkbox } from '../../../components/checkbox';
import { dateTimeColumn, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconActivity } from '../../../components/icons';
import { PagedTable, usePager } from '../../../components/paged-table';
import { SelectField } from '../../../components/select-field';
import { TextAreaField, TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { displaySymbol } from '../../../lib/format-market';
import { tCount, translateServerMessage, useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useSendAnnouncement, useSentAnnouncements } from '../api/admin-announcements';
import { useAdminGroups } from '../api/admin-groups';
import { useAdminPairs } from '../api/admin-pairs';
import { ADMIN_PAGE_SIZE } from '../api/admin-query';
import styles from './admin.module.css';

type TField = 'title' | 'body' | 'audience' | 'groupId' | 'symbol';

const AUDIENCE_KEY = {
  all: 'admin.announcements.audience.all',
  group: 'admin.announcements.audience.group',
  pair: 'admin.announcements.audience.pair',
} as const satisfies Record<TAnnouncementAudience, string>;

/** Title, text, audience (a group or a pair when chosen), e-mail: sent at once to whom it names. */
function Compose() {
  const t = useT();
  const send = useSendAnnouncement();
  const groups = useAdminGroups();
  const pairs = useAdminPairs();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<TAnnouncementAudience>('all');
  const [groupId, setGroupId] = useState('');
  const [symbol, setSymbol] = useState('');
  const [email, setEmail] = useState(false);
  const [errors, setErrors] = useState<TFieldErrors<TField>>({});
  const [formError, setFormError] = useState<string>();

  const submit = async () => {
    const input = {
      title,
      body,
      audience,
      email,
      ...(audience === 'group' ? { groupId: groupId || undefined } : {}),
      ...(audience === 'pair' ? { symbol: symbol || undefined } : {}),
    };
    const parsed = ZAnnouncementRequest.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors<TField>(parsed.error));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      const result = await send.mutateAsync(input);
      toast.success(tCount('admin.announcements.sent', result.data.recipients));
      setTitle('');
      setBody('');
      setEmail(false);
    } catch (error) {
      const fields = serverFieldErrors<TField>(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        setFormError(
          error instanceof ApiError ? translateServerMessage(error.message) : t('admin.announcements.failed'),
        );
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('admin.announcements.title')}
        value={title}
        maxLength={ANNOUNCEMENT_TITLE_MAX}
        required
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextAreaField
        label={t('admin.announcements.body')}
        value={body}
        maxLength={ANNOUNCEMENT_BODY_MAX}
        rows={5}
        required
        hint={t('admin.announcements.bodyHint', { max: ANNOUNCEMENT_BODY_MAX })}
        error={errors.body}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className={styles.settingsGrid}>
        <SelectField
          label={t('admin.announcements.audience')}
          value={audience}
          options={ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: t(AUDIENCE_KEY[value]) }))}
          error={errors.audience}
          onChange={(event) => setAudience(event.target.value as TAnnouncementAudience)}
        />
        {audience === 'group' ? (
          <SelectField
            label={t('admin.announcements.group')}
            value={groupId}
            placeholder={t('admin.announcements.chooseGroup')}
            options={(groups.data ?? []).map((group) => ({
              value: group.id,
              label: t('admin.announcements.groupOption', { name: group.name, count: group.users }),
            }))}
            error={errors.groupId}
            onChange={(event) => setGroupId(event.target.value)}
          />
        ) : null}
        {audience === 'pair' ? (
          <SelectField
            label={t('admin.announcements.pair')}
            value={symbol}
            placeholder={t('admin.announcements.choosePair')}
            hint={t('admin.announcements.pairHint')}
            options={(pairs.data ?? []).map((pair) => ({
              value: pair.symbol,
              label: displaySymbol(pair.symbol),
            }))}
            error={errors.symbol}
            onChange={(event) => setSymbol(event.target.value)}
          />
        ) : null}
      </div>
      <Checkbox checked={email} onChange={(event) => setEmail(event.target.checked)}>
        {t('admin.announcements.email')}
      </Checkbox>
      {formError ? (
        <p role="alert" className={styles.sub}>
          {formError}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" isLoading={send.isPending}>
          {t('admin.announcements.send')}
        </Button>
      </div>
    </form>
  );
}

const audienceText = (t: ReturnType<typeof useT>, item: TSentAnnouncement) =>
  item.audience === 'group'
    ? `${t(AUDIENCE_KEY.group)}: ${item.groupName ?? '—'}`
    : item.audience === 'pair'
      ? `${t(AUDIENCE_KEY.pair)}: ${displaySymbol(item.symbol ?? '')}`
      : t(AUDIENCE_KEY.all);

/** A whole count with the locale's grouping. */
const count = (value: number) => formatMoney(String(value), 0);

const columns = (t: ReturnType<typeof useT>): TColumn<TSentAnnouncement>[] => [
  dateTimeColumn('when', t('admin.announcements.when'), (item) => item.createdAt),
  {
    key: 'title',
    header: t('admin.announcements.title'),
    isPrimary: true,
    cell: (item) => (
      <span className={styles.strong}>
        {item.title}
        <span className={[styles.sub, styles.pre].join(' ')}>{item.body}</span>
      </span>
    ),
  },
  { key: 'audience', header: t('admin.announcements.audience'), cell: (item) => audienceText(t, item) },
  {
    key: 'reached',
    header: t('admin.announcements.reached'),
    align: 'end',
    cell: (item) => <span className="tabular">{count(item.recipients)}</span>,
  },
  {
    key: 'read',
    header: t('admin.announcements.read'),
    align: 'end',
    cell: (item) => <span className="tabular">{count(item.read)}</span>,
  },
  {
    key: 'emailed',
    header: t('admin.announcements.emailed'),
    align: 'end',
    cell: (item) => <span className="tabular">{item.email ? count(item.emailed) : '—'}</span>,
  },
];

/** Announcements: compose one for all clients, a group or a pair's holders; the sent ones with reach and reads. */
export function AdminAnnouncementsScreen() {
  const t = useT();
  const pager = usePager(ADMIN_PAGE_SIZE);
  const sent = useSentAnnouncements(pager.page);
  return (
    <div className={styles.stack}>
      <Card title={t('admin.announcements.new')}>
        <Compose />
      </Card>
      <Card title={t('admin.announcements.list')} isFlush>
        <PagedTable
          caption={t('admin.announcements.list')}
          columns={columns(t)}
          query={sent}
          pager={pager}
          noun={t('admin.announcements.noun')}
          empty={<EmptyState icon={<IconActivity size={24} />} title={t('admin.announcements.empty')} />}
        />
      </Card>
    </div>
  );
}
