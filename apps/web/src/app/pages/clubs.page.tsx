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
import { ClubForms, ClubHead, ClubList, ClubMembers, FriendBoard } from '../../features/friends';
import { useRemote, useSubmit } from '../../hooks';
import { call } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { go, PATHS } from '../../lib/navigation';
import { copyWithToast } from '../feedback';
import type { PageProps } from '../page-props';
import '../../features/friends/friends.css';

/** The members a club's page lists (the owner first); the count names them all. */
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
  if (club.state.status === 'loading') return <StatusTip status="loading" />;
  if (club.state.status === 'error')
    return <StatusTip status="error" message={club.state.message} onRetry={club.retry} />;
  const { club: shown, members } = club.state.data;

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
  return (
    <PullToRefresh>
      <ClubHead club={shown} onCopy={copy} />
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
        />
      )}
      <ClubMembers
        members={members.items}
        total={members.total}
        isOwner={shown.isOwner}
        onRemove={onMember(removeClubMember, 'clubs.removeAsk')}
        onHandOver={onMember(handOverClub, 'clubs.handOverAsk')}
      />
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
