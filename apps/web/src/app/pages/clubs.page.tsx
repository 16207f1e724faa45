import {
  createClub,
  getClub,
  getClubBoard,
  handOverClub,
  joinClub,
  leaveClub,
  listMyClubs,
  removeClubMember,
  type ClubMember,
  type FriendBoardPeriod,
} from '@stride/contract';
import { useCallback, useState } from 'react';
import { FormError } from '../../components/form-error';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import {
  ClubForms,
  ClubHead,
  ClubList,
  ClubMembers,
  FriendBoard,
  ReportSheet,
  reportTargetsOf,
  type ReportTarget,
} from '../../features/friends';
import { useRemote, useSubmit } from '../../hooks';
import { call } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { go, PATHS } from '../../lib/navigation';
import { copyWithToast } from '../feedback';
import type { PageProps } from '../page-props';
import '../../features/friends/friends.css';

/** The members a page of a club's list holds (the owner first); "More members" loads the next; the count names all. */
const MEMBERS_SHOWN = 50;

const loadClubs = (signal: AbortSignal) => call(listMyClubs, {}, { hideErrors: true, signal });
const copy = (text: string) => void copyWithToast(text);

async function sure(text: string, action: string): Promise<boolean> {
  const { confirmDanger } = await import('../dialogs');
  return confirmDanger(text, action);
}

/** One club: its code to share, its board, its members, leaving. */
function ClubPage({ id }: { readonly id: string }) {
  const { t } = useI18n();
  const [period, setPeriod] = useState<FriendBoardPeriod>('today');
  const club = useRemote(
    useCallback(
      (signal: AbortSignal) =>
        call(getClub, { params: { id }, query: { page: 1, pageSize: MEMBERS_SHOWN } }, { hideErrors: true, signal }),
      [id],
    ),
  );
  const board = useRemote(
    useCallback(
      (signal: AbortSignal) => call(getClubBoard, { params: { id }, query: { period } }, { hideErrors: true, signal }),
      [id, period],
    ),
  );
  const acting = useSubmit();
  const paging = useSubmit();
  // The members of the pages after the first, for the club as it was last read (a new read starts again).
  const [more, setMore] = useState<{ of: object; items: readonly ClubMember[]; page: number } | null>(null);
  const [reporting, setReporting] = useState<readonly ReportTarget[] | null>(null);
  if (club.state.status === 'loading') return <StatusTip status="loading" />;
  if (club.state.status === 'error')
    return <StatusTip status="error" message={club.state.message} onRetry={club.retry} />;
  const read = club.state.data;
  const { club: shown, members } = read;
  const further = more?.of === read ? more : null;
  const listed = [...members.items, ...(further?.items ?? [])];
  const loadMore = () =>
    void paging.run(async () => {
      const page = (further?.page ?? 1) + 1;
      const next = await call(getClub, { params: { id }, query: { page, pageSize: MEMBERS_SHOWN } });
      // Someone who joined or left meanwhile shifts the pages: nobody is listed twice.
      const seen = new Set(listed.map((member) => member.id));
      const added = next.members.items.filter((member) => !seen.has(member.id));
      setMore({ of: read, items: [...(further?.items ?? []), ...added], page });
    });

  const leave = () =>
    void acting.run(async () => {
      if (!(await sure(t('clubs.leaveAsk', { name: shown.name }), t('clubs.leave')))) return;
      await call(leaveClub, { params: { id } });
      void showToast(t('clubs.left', { name: shown.name }));
      go(PATHS.clubs);
    });
  const onMember =
    (endpoint: typeof removeClubMember | typeof handOverClub, ask: 'clubs.removeAsk' | 'clubs.handOverAsk') =>
    (member: ClubMember) =>
      void acting.run(async () => {
        const action = t(endpoint === handOverClub ? 'clubs.handOver' : 'friends.remove');
        if (!(await sure(t(ask, { name: member.name }), action))) return;
        await call(endpoint, { params: { id, userId: member.id } });
      });

  const boardData = board.state.status === 'ready' ? board.state.data : undefined;
  // Who I am among the members: the owner when I own it, else my place on the board where I share my steps.
  return (
    <PullToRefresh>
      <ClubHead
        club={shown}
        onCopy={copy}
        onChallenges={() => go(PATHS.challenges, { clubId: id })}
        onReport={() => setReporting([{ kind: 'club', id: shown.id, name: shown.name }])}
      />
      <FormError message={acting.error} />
      {boardData && !boardData.sharing ? (
        <p className="card hint">{t('clubs.shareToSee')}</p>
      ) : (
        <FriendBoard
          title={t('clubs.board')}
          period={period}
          onPeriod={setPeriod}
          entries={boardData?.entries ?? null}
          ranked={boardData?.ranked}
          onReport={(entry) => setReporting(reportTargetsOf(entry))}
        />
      )}
      <ClubMembers
        members={listed}
        total={members.total}
        isOwner={shown.isOwner}
        onRemove={onMember(removeClubMember, 'clubs.removeAsk')}
        onHandOver={onMember(handOverClub, 'clubs.handOverAsk')}
        onMore={loadMore}
        isLoadingMore={paging.isBusy}
        onReport={(member) => setReporting(reportTargetsOf(member))}
      />
      <ReportSheet targets={reporting} onClose={() => setReporting(null)} />
      <FormError message={paging.error} />
      <div className="card">
        <button type="button" className="button button--block button--ghost" onClick={leave}>
          {t('clubs.leave')}
        </button>
      </div>
    </PullToRefresh>
  );
}

/**
 * Clubs (docs/product/clubs.md): the clubs I belong to, joining by code (filled in from a club's link, `?code=`) or
 * starting one; `?id=` opens one club.
 */
export default function ClubsPage({ query }: PageProps) {
  const { t } = useI18n();
  const clubs = useRemote(loadClubs, { refreshOnShow: true });
  const submit = useSubmit();
  if (query.id) return <ClubPage id={query.id} />;
  if (clubs.state.status === 'loading') return <StatusTip status="loading" />;
  if (clubs.state.status === 'error') {
    return <StatusTip status="error" message={clubs.state.message} onRetry={clubs.retry} />;
  }
  const open = (id: string) => go(PATHS.clubs, { id });
  const join = (code: string) =>
    submit.run(async () => {
      const joined = await call(joinClub, { body: { code } });
      void showToast(t('clubs.joined', { name: joined.name }));
      open(joined.id);
    });
  const start = (name: string) =>
    submit.run(async () => {
      const made = await call(createClub, { body: { name } });
      open(made.id);
    });
  return (
    <PullToRefresh>
      <ClubList clubs={clubs.state.data.clubs} onOpen={(club) => open(club.id)} />
      <ClubForms initialCode={query.code} onJoin={join} onCreate={start} isBusy={submit.isBusy} error={submit.error} />
    </PullToRefresh>
  );
}
