import {
  cancelChallenge,
  createChallenge,
  enterChallengeTeam,
  findChallengeByCode,
  getChallenge,
  getChallengeBoard,
  joinChallenge,
  leaveChallenge,
  listChallenges,
  listMyClubs,
  type Challenge,
} from '@stride/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import {
  ChallengeBoard,
  ChallengeForm,
  ChallengeHead,
  ChallengeList,
  ChallengeResultCard,
  deviceToday,
  JoinByCode,
  type ChallengeBody,
} from '../../features/challenges';
// The report sheet alone: the friends feature's index would bring its pages' components into this page's chunk.
import { ReportSheet, type ReportTarget } from '../../features/friends/components/report-sheet';
import { usePageActive, useRemote, useSubmit, type RemoteValue } from '../../hooks';
import { call } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { go, PATHS } from '../../lib/navigation';
import { copyWithToast } from '../feedback';
import type { PageProps } from '../page-props';
import '../../features/friends/friends.css';
import '../../features/challenges/challenges.css';

/** How often the board is read again while it is shown: it is brought up to date about every minute. */
const BOARD_REFRESH_MS = 60_000;

const loadList = (signal: AbortSignal) => call(listChallenges, {}, { hideErrors: true, signal });
const loadClubs = (signal: AbortSignal) => call(listMyClubs, {}, { hideErrors: true, signal });
const copy = (text: string) => void copyWithToast(text);
const open = (challenge: Pick<Challenge, 'id'>) => go(PATHS.challenges, { id: challenge.id });

async function sure(text: string, action: string): Promise<boolean> {
  const { confirmDanger } = await import('../dialogs');
  return confirmDanger(text, action);
}

const isOpen = (challenge: Challenge) => challenge.state === 'upcoming' || challenge.state === 'running';

interface DetailProps {
  readonly remote: RemoteValue<Challenge>;
  /** The code it was opened with, sent again to join a friends' one. */
  readonly code?: string | undefined;
}

/** One challenge, read by its id or by its code: loading, its error, or the challenge. */
function ChallengeRemote({ remote, code }: DetailProps) {
  if (remote.state.status === 'loading') return <StatusTip status="loading" />;
  if (remote.state.status === 'error') {
    return <StatusTip status="error" message={remote.state.message} onRetry={remote.retry} />;
  }
  return <ChallengeDetail remote={remote} code={code} shown={remote.state.data} />;
}

/** One challenge: its head, rules and actions, my progress or result, and its board. */
function ChallengeDetail({ remote, code, shown }: DetailProps & { readonly shown: Challenge }) {
  const { t } = useI18n();
  const isActive = usePageActive();
  const acting = useSubmit();
  const [reporting, setReporting] = useState<readonly ReportTarget[] | null>(null);
  const { id } = shown;
  const board = useRemote(
    useCallback(
      (signal: AbortSignal) => call(getChallengeBoard, { params: { id } }, { hideErrors: true, signal }),
      [id],
    ),
  );
  const needsTeam = shown.kind === 'team-total' && !shown.joined && isOpen(shown);
  const clubs = useRemote(
    useCallback((signal: AbortSignal) => (needsTeam ? loadClubs(signal) : Promise.resolve({ clubs: [] })), [needsTeam]),
  );

  const { refresh } = board;
  const isLive = shown.state !== 'settled' && shown.state !== 'cancelled';
  useEffect(() => {
    if (!isActive || !isLive) return undefined;
    const timer = setInterval(refresh, BOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [isActive, isLive, refresh]);

  const boardData = board.state.status === 'ready' ? board.state.data : null;
  const ownClubId = shown.club?.id;
  const inIt = useMemo(
    () => new Set([...(ownClubId ? [ownClubId] : []), ...(boardData?.teams.map((team) => team.club.id) ?? [])]),
    [ownClubId, boardData],
  );
  const withCode = code === undefined ? {} : { code };

  const changed = (answer: Challenge) => {
    remote.update(() => answer);
    board.refresh();
  };
  const join = (clubId?: string) =>
    void acting.run(async () => {
      const answer = await call(joinChallenge, {
        params: { id: shown.id },
        body: { ...withCode, ...(clubId ? { clubId } : {}) },
      });
      changed(answer);
      void showToast(t('challenges.joined', { title: shown.title }));
    });
  const enter = (clubId: string) =>
    void acting.run(async () => {
      changed(await call(enterChallengeTeam, { params: { id: shown.id }, body: { clubId, ...withCode } }));
      void showToast(t('challenges.teamEntered'));
    });
  const end = (endpoint: typeof leaveChallenge) =>
    void acting.run(async () => {
      const isLeaving = endpoint === leaveChallenge;
      const ask = t(isLeaving ? 'challenges.leaveAsk' : 'challenges.cancelAsk', { title: shown.title });
      if (!(await sure(ask, t(isLeaving ? 'challenges.leave' : 'challenges.cancel')))) return;
      await call(endpoint, { params: { id: shown.id } });
      void showToast(t(isLeaving ? 'challenges.left' : 'challenges.cancelledDone', { title: shown.title }));
      remote.refresh();
      board.refresh();
    });

  const teams = needsTeam
    ? {
        clubs: clubs.state.status === 'ready' ? clubs.state.data.clubs : [],
        inIt,
        onEnter: enter,
      }
    : undefined;
  return (
    <PullToRefresh>
      <ChallengeHead
        challenge={shown}
        teams={teams}
        onJoin={join}
        onLeave={() => end(leaveChallenge)}
        onCancel={() => end(cancelChallenge)}
        onCopy={copy}
        isBusy={acting.isBusy || (needsTeam && clubs.state.status === 'loading')}
        error={acting.error}
        onReport={() => setReporting([{ kind: 'challenge', id: shown.id, name: shown.title }])}
      />
      <ChallengeResultCard challenge={shown} onStatement={() => go(PATHS.pointsStatement)} />
      {board.state.status === 'error' ? (
        // A challenge opened by its code and not joined yet may keep its board to its walkers.
        shown.joined ? (
          <StatusTip status="error" message={board.state.message} onRetry={board.retry} />
        ) : null
      ) : (
        <ChallengeBoard board={boardData} withGoalDays={shown.kind === 'daily-goal'} />
      )}
      <ReportSheet targets={reporting} onClose={() => setReporting(null)} />
    </PullToRefresh>
  );
}

function ChallengeById({ id }: { readonly id: string }) {
  const remote = useRemote(
    useCallback((signal: AbortSignal) => call(getChallenge, { params: { id } }, { hideErrors: true, signal }), [id]),
  );
  return <ChallengeRemote remote={remote} />;
}

function ChallengeByCode({ code }: { readonly code: string }) {
  const remote = useRemote(
    useCallback(
      (signal: AbortSignal) => call(findChallengeByCode, { query: { code } }, { hideErrors: true, signal }),
      [code],
    ),
  );
  return <ChallengeRemote remote={remote} code={code} />;
}

/**
 * Challenges (docs/product/challenges.md): mine with my progress, those open to me, joining by code and making one;
 * `?id=` opens one challenge, `?code=` the one a shared code or link opens, and `?clubId=` (from a club's page) shows
 * that club's and makes one for it when I own it.
 */
export default function ChallengesPage({ query }: PageProps) {
  if (query.id) return <ChallengeById id={query.id} />;
  if (query.code) return <ChallengeByCode code={query.code} />;
  return <ChallengeOverview clubId={query.clubId} />;
}

function ChallengeOverview({ clubId }: { readonly clubId: string | undefined }) {
  const { t } = useI18n();
  const list = useRemote(loadList, { refreshOnShow: true });
  const clubs = useRemote(loadClubs);
  const creating = useSubmit();
  if (list.state.status === 'loading') return <StatusTip status="loading" />;
  if (list.state.status === 'error') {
    return <StatusTip status="error" message={list.state.message} onRetry={list.retry} />;
  }
  const myClubs = clubs.state.status === 'ready' ? clubs.state.data.clubs : [];
  const club = clubId === undefined ? undefined : myClubs.find((each) => each.id === clubId);
  const ofClub = (challenges: readonly Challenge[]) =>
    clubId === undefined ? challenges : challenges.filter((challenge) => challenge.club?.id === clubId);

  const create = (body: ChallengeBody) =>
    creating.run(async () => {
      const made = await call(createChallenge, { body });
      void showToast(t('challenges.created', { title: made.title }));
      open(made);
    });
  return (
    <PullToRefresh>
      {clubId !== undefined ? (
        <div className="card challenges__state">
          <span>{t('challenges.ofClub', { club: club?.name ?? '…' })}</span>
          <button type="button" className="link" onClick={() => go(PATHS.challenges)}>
            {t('challenges.all')}
          </button>
        </div>
      ) : null}
      <ChallengeList
        title={t('challenges.mine')}
        challenges={ofClub(list.state.data.mine)}
        empty={t('challenges.noneMine')}
        onOpen={open}
      />
      <ChallengeList
        title={t('challenges.open')}
        challenges={ofClub(list.state.data.open)}
        empty={t('challenges.noneOpen')}
        onOpen={open}
      />
      <JoinByCode onFind={(code) => go(PATHS.challenges, { code })} />
      {clubs.state.status === 'loading' ? null : (
        <ChallengeForm
          key={club?.id ?? ''}
          today={deviceToday()}
          clubs={myClubs}
          initialClubId={club?.isOwner ? club.id : undefined}
          onCreate={create}
          isBusy={creating.isBusy}
          error={creating.error}
        />
      )}
    </PullToRefresh>
  );
}
